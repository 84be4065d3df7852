import { confirmSubmission } from "@/lib/demo/confirm-submission";
import { demoHandlers } from "@/lib/demo/demo-route";

export const { GET, POST, PUT, PATCH, DELETE } = demoHandlers("/demo/confirmations", {
  POST: (request) => confirmSubmission(request),
});
