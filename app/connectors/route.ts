import { catalogResponse } from "@/lib/connectors/catalog-response";

export const dynamic = "force-dynamic";

export const GET = catalogResponse;
