import { requestAccess } from "@/lib/demo/access-request";
import { demoHandlers } from "@/lib/demo/demo-route";

export const { GET, POST, PUT, PATCH, DELETE } = demoHandlers("/demo/access-requests", {
  POST: (request) => requestAccess(request),
});
