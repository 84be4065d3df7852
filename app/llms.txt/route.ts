import { llmsTextResponse } from "@/lib/discovery/discovery-responses";

export const dynamic = "force-dynamic";

export const GET = llmsTextResponse;
