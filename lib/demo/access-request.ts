import "server-only";
import { db } from "../db/client";
import type { z } from "zod";
import { bookACallUrl } from "../connectors/catalog";
import { assertUnderDailyLimit, demoAddress, lastDay } from "./demo-limits";
import type { demoAccessRequestBody } from "./schemas";

/**
 * `POST /demo/access-requests`: asks for Partner API access on behalf of the person worked for
 * (`on_behalf_of`), kept for staff (`npm run admin -- demo access-requests`), and answers the
 * booking link where the call is made. Limited like submissions, per address and per email.
 */
export async function requestAccess(body: z.output<typeof demoAccessRequestBody>, now = new Date()) {
  const email = demoAddress(body.email);
  const recent = await db().demoAccessRequest.findMany({
    where: { email, createdAt: lastDay(now) },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  assertUnderDailyLimit(
    recent.map((row) => row.createdAt),
    "access requests",
    now,
  );
  const saved = await db().demoAccessRequest.create({
    data: {
      email,
      name: body.name.trim(),
      company: body.company?.trim(),
      onBehalfOf: body.on_behalf_of?.trim(),
      message: body.message?.trim(),
      createdAt: now,
    },
  });
  return { request_id: saved.id, status: "received", book_a_call_url: bookACallUrl() };
}

export async function listAccessRequests(limit = 100) {
  return db().demoAccessRequest.findMany({ orderBy: { createdAt: "desc" }, take: limit });
}
