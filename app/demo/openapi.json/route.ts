import { demoDocumentResponse } from "@/lib/discovery/discovery-responses";

export const dynamic = "force-dynamic";

export const GET = demoDocumentResponse;
