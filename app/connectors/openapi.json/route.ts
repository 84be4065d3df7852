import { openApiDocumentHandlers } from "@/lib/openapi/serve-document";

export const { GET, POST, PUT, PATCH, DELETE } = openApiDocumentHandlers("connectors");
