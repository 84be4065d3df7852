import { demoHandlers } from "@/lib/demo/demo-route";
import { readSubmission } from "@/lib/demo/read-submission";

const requestIdOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.split("/").at(-1) ?? "");

export const { GET, POST, PUT, PATCH, DELETE } = demoHandlers("/demo/inspections/{request_id}", {
  GET: (request) => readSubmission(request, requestIdOf(request)),
});
