import { describe, expect, it } from "vitest";
import { type ClaimedDelivery, skipReasonOf } from "../../lib/webhooks/claim-deliveries";

/*
 * Spec, Events and Delivery semantics: decided again before every attempt. A partner on the
 * reservations track receives workspace.* and reservation.* events instead of the three inspection
 * events, each family gated by its key scope; a reservation event for a home switched off still
 * goes (as the stub), an inspection event does not.
 */

const sendable: ClaimedDelivery = {
  id: "d",
  attempts_made: 0,
  event_id: "e",
  event_type: "inspection.completed",
  body: "{}",
  url: "https://hooks.acme.com/in",
  secret_encrypted: "x",
  previous_secret_encrypted: null,
  partner_status: "active",
  event_track: "inspections",
  has_scope: true,
  workspace_is_partners: true,
  unit_on: true,
};

const reason = (overrides: Partial<ClaimedDelivery>) => skipReasonOf({ ...sendable, ...overrides });

describe("skipReasonOf", () => {
  it("sends each family only on its track", () => {
    expect(reason({})).toBeUndefined();
    for (const type of ["inspection.recording_completed", "inspection.completed", "inspection.failed"]) {
      expect(reason({ event_type: type, event_track: "reservations" })).toBe("not_on_track");
    }
    for (const type of ["reservation.created", "reservation.updated", "workspace.roster_applied", "workspace.claimed"]) {
      expect(reason({ event_type: type, event_track: "reservations", unit_on: null })).toBeUndefined();
      expect(reason({ event_type: type, event_track: "inspections" })).toBe("not_on_track");
    }
  });

  it("needs the family's scope, and skips for a switched-off home only inspection events", () => {
    expect(reason({ has_scope: false })).toBe("no_key_with_scope");
    expect(reason({ event_type: "reservation.updated", event_track: "reservations", has_scope: false })).toBe(
      "no_key_with_scope",
    );
    expect(reason({ unit_on: false })).toBe("unit_switched_off");
    expect(reason({ event_type: "reservation.updated", event_track: "reservations", unit_on: false })).toBeUndefined();
  });

  it("checks the receiver, the partner and the workspace first, and sends a test event on any track", () => {
    expect(reason({ url: null })).toBe("no_receiver");
    expect(reason({ partner_status: "paused", event_track: "reservations" })).toBe("partner_paused");
    expect(reason({ event_type: "reservation.created", event_track: "reservations", workspace_is_partners: false })).toBe(
      "workspace_not_partners",
    );
    expect(
      reason({ event_type: "webhook.test", event_track: "reservations", has_scope: false, workspace_is_partners: null }),
    ).toBeUndefined();
  });
});
