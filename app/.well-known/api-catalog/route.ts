import { apiCatalogResponse } from "@/lib/discovery/discovery-responses";

export const dynamic = "force-dynamic";

export const GET = apiCatalogResponse;
export const HEAD = apiCatalogResponse;
