import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../../lib/errors/api-error";
import { parseInput, refusedAs } from "../../lib/validation/parse-input";
import {
  connectorSwitchBody,
  createPartnerBody,
  failBody,
  issueKeyBody,
  replaySinceBody,
  rotateBody,
  staffSeatBody,
  updatePartnerBody,
} from "../../lib/consoles/schemas";
import { deliveryChoiceBody, seatInviteBody } from "../../lib/people/schemas";

function refusal(schema: z.ZodType, input: unknown): { status: number; code: string; message: string } {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("accepted");
}

describe("parseInput", () => {
  it("answers the first problem as invalid_request with the field's own wording", () => {
    const schema = z.object({ a: z.string({ error: "Send a." }), b: z.string({ error: "Send b." }) });
    expect(refusal(schema, {})).toEqual({ status: 400, code: "invalid_request", message: "Send a." });
  });

  it("answers the code a field is refused as", () => {
    const schema = z.object({ role: refusedAs("invalid_role", z.enum(["x"], { error: "Choose x." })) });
    expect(refusal(schema, { role: "y" })).toEqual({ status: 400, code: "invalid_role", message: "Choose x." });
  });
});

describe("the consoles' bodies, worded as the pages have always shown them", () => {
  it("a partner's name: trimmed by the CLI's rule, blank or missing refused", () => {
    expect(parseInput(createPartnerBody, { name: "  Acme  " })).toEqual({ name: "Acme" });
    expect(refusal(createPartnerBody, { name: " " }).message).toBe("The name must not be empty.");
    expect(refusal(createPartnerBody, {}).message).toBe("The name must not be empty.");
    expect(refusal(createPartnerBody, { name: "a\u0007b" }).message).toBe("The name must not contain control characters.");
  });

  it("a partner's status, roster cap and event track, each only when sent", () => {
    expect(parseInput(updatePartnerBody, {})).toEqual({});
    expect(parseInput(updatePartnerBody, { rosterMax: " 12 " })).toEqual({ rosterMax: 12 });
    expect(parseInput(updatePartnerBody, { rosterMax: 12, eventTrack: "reservations" })).toEqual({
      rosterMax: 12,
      eventTrack: "reservations",
    });
    expect(refusal(updatePartnerBody, { status: "closed" }).message).toBe("The status must be active or paused.");
    expect(refusal(updatePartnerBody, { rosterMax: 0 }).message).toMatch(/^The roster cap must be a whole number from 1 to /);
    expect(refusal(updatePartnerBody, { rosterMax: null }).message).toMatch(/^The roster cap must be a whole number from 1 to /);
    expect(refusal(updatePartnerBody, { eventTrack: "all" }).message).toBe(
      "The event track must be inspections or reservations.",
    );
  });

  it("a partner's media retention: days, or empty or null for the default; anything else refused with the field named", () => {
    expect(parseInput(updatePartnerBody, { recordingRetentionDays: " 30 " })).toEqual({ recordingRetentionDays: 30 });
    expect(parseInput(updatePartnerBody, { recordingRetentionDays: 730 })).toEqual({ recordingRetentionDays: 730 });
    expect(parseInput(updatePartnerBody, { recordingRetentionDays: "" })).toEqual({ recordingRetentionDays: null });
    expect(parseInput(updatePartnerBody, { recordingRetentionDays: null })).toEqual({ recordingRetentionDays: null });
    for (const bad of [0, "-3", "1.5", "forever", 36_501]) {
      expect(refusal(updatePartnerBody, { recordingRetentionDays: bad }).message).toMatch(
        /^The media retention must be a whole number of days/,
      );
    }
  });

  it("a key's scopes: known ones, at least one, the default when no list is sent", () => {
    expect(parseInput(issueKeyBody, {})).toEqual({ scopes: ["read:inspections"], sandbox: false });
    expect(parseInput(issueKeyBody, { scopes: "read:workspaces" })).toEqual({ scopes: ["read:inspections"], sandbox: false });
    expect(parseInput(issueKeyBody, { scopes: ["read:workspaces", "read:workspaces"] })).toEqual({
      scopes: ["read:workspaces"],
      sandbox: false,
    });
    // "Create sandbox key" in the console.
    expect(parseInput(issueKeyBody, { sandbox: true })).toEqual({ scopes: ["read:inspections"], sandbox: true });
    expect(refusal(issueKeyBody, { sandbox: "yes" }).code).toBe("invalid_request");
    expect(refusal(issueKeyBody, { scopes: [] }).code).toBe("invalid_request");
    expect(refusal(issueKeyBody, { scopes: ["write:everything"] }).message).toMatch(/^The scopes must be one or more of /);
  });

  it("the rotation's days: 0 to 30, as a number or its digits, the default when absent", () => {
    expect(parseInput(rotateBody, { days: "0" })).toEqual({ days: 0 });
    expect(parseInput(rotateBody, {}).days).toBeGreaterThan(0);
    for (const days of [99, -1, 1.5, "soon"])
      expect(refusal(rotateBody, { days }).message).toBe("The old secret may keep signing for 0 to 30 days.");
  });

  it("a replay's start: a date and time", () => {
    expect(parseInput(replaySinceBody, { since: "2026-11-01T00:00:00Z" }).since.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(refusal(replaySinceBody, { since: "yesterday-ish" }).message).toBe("Give a date and time to replay from.");
  });

  it("a connector switch, a staff seat and a failed inspection's reason", () => {
    expect(refusal(connectorSwitchBody, { platform: "guesty", enabled: "yes" }).message).toBe(
      "Send platform and enabled (true or false).",
    );
    expect(refusal(staffSeatBody, { email: "a@b.com", role: "admin" })).toEqual({
      status: 400,
      code: "invalid_role",
      message: "Choose owner, manager or viewer.",
    });
    expect(refusal(staffSeatBody, { role: "owner" }).code).toBe("invalid_email");
    expect(refusal(failBody, { reason: "bored" }).message).toMatch(/^The reason must be one of recording_unusable, /);
  });
});

describe("the people pages' bodies", () => {
  it("an invitation: a deliverable address, then a manager or viewer role", () => {
    expect(parseInput(seatInviteBody, { email: "Pat@Harbour-Homes.com", role: "viewer" })).toEqual({
      email: "pat@harbour-homes.com",
      role: "viewer",
    });
    expect(refusal(seatInviteBody, { email: "nobody@example.test", role: "owner" })).toEqual({
      status: 400,
      code: "invalid_email",
      message: "Enter an email address we can send to, like name@company.com.",
    });
    expect(refusal(seatInviteBody, { email: "pat@harbour-homes.com", role: "owner" }).code).toBe("invalid_role");
  });

  it("delivery choices: a severity, then whether missed steps are sent", () => {
    expect(refusal(deliveryChoiceBody, { minimumSeverity: "minor", receiveMissedSteps: true }).code).toBe("invalid_severity");
    expect(refusal(deliveryChoiceBody, { minimumSeverity: "MINOR" })).toEqual({
      status: 400,
      code: "invalid_choice",
      message: "Say whether missed steps are sent.",
    });
  });
});
