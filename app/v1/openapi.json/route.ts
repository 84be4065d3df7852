import { openApiDocumentHandlers } from "@/lib/openapi/serve-document";

// Read at run time, never prerendered: the document names the server's configured APP_URL.
export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = openApiDocumentHandlers();
