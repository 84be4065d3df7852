import { db } from "../db/client";
import { parseJsonObject, readBodyText } from "../http/body";
import { ApiError } from "../http/errors";
import { parseOrThrow } from "../http/validation";
import { bookACallUrl } from "../connectors/catalog";
import { config } from "../config";
import { countSubmission, demoAddress } from "./demo-limits";
import { demoAccessRequestBody } from "./schemas";

const dayMs = 86_400_000;

/**
 * `POST /demo/access-requests`: asks for Partner API access on behalf of the person worked for
 * (`on_behalf_of`), kept for staff (`npm run admin -- demo access-requests`), and answers the
 * booking link where the call is made. Limited like submissions, per address and per email.
 */
export async function requestAccess(request: Request, now = new Date()) {
  await countSubmission(request);
  const body = parseOrThrow(demoAccessRequestBody, parseJsonObject(await readBodyText(request, 16 * 1024)));
  const email = demoAddress(body.email);
  const recent = await db().demoAccessRequest.count({ where: { email, createdAt: { gt: new Date(now.getTime() - dayMs) } } });
  if (recent >= config().DEMO_SUBMISSIONS_PER_EMAIL_PER_DAY) throw new ApiError("too_many_requests", { message: "Too many access requests for this address today.", headers: { "Retry-After": "3600" } });
  const saved = await db().demoAccessRequest.create({
    data: { email, name: body.name.trim(), company: body.company?.trim(), onBehalfOf: body.on_behalf_of?.trim(), message: body.message?.trim(), createdAt: now },
  });
  return { status: 201, body: { request_id: saved.id, status: "received", book_a_call_url: bookACallUrl() } };
}

export async function listAccessRequests(limit = 100) {
  return db().demoAccessRequest.findMany({ orderBy: { createdAt: "desc" }, take: limit });
}
