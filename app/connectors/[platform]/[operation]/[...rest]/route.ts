import { notFoundHandlers } from "@/lib/http/route-handlers";

// Any other path under this surface: `404 not_found` in the envelope, like /v1's catch-all.
export const { GET, POST, PUT, PATCH, DELETE } = notFoundHandlers();
