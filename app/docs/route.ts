import { docsPageResponse } from "@/lib/openapi/docs-page";

export function GET(): Response {
  return docsPageResponse();
}
