import "server-only";
import { z } from "zod";
import { deliverableEmail } from "../auth/email-address";
import { refusedAs } from "../validation/parse-input";
import type { FindingSeverity, SeatRole } from "../generated/prisma/enums";
import { optionalText, requiredText } from "../validation/text";
import { workspaceQuery } from "../roster/schemas";

export const claimQuery = workspaceQuery;

export const claimBody = z
  .strictObject({
    // Blank is missing (spec, Errors: `missing_parameter` for a field "absent or blank"), not an undeliverable address.
    email: requiredText(320).meta({
      description:
        "The customer's address, required (absent or blank: `400 missing_parameter`), at most 320 characters. It must be one that can be sent to: a domain name (no IP literal) under a public " +
        "top-level domain (not `.test`, `.example`, `.invalid`, `.localhost` and the like, nor example.com/.net/.org). " +
        "Compared without case.",
    }),
    name: optionalText(200)
      .optional()
      .meta({ description: "The person's name, shown to them and to their colleagues. Max 200 characters." }),
  })
  .meta({ id: "WorkspaceClaimRequest" });

export const claimRecord = z
  .object({
    workspace_id: z.string(),
    email: z.string().meta({ description: "Lower-cased." }),
    name: z.string().optional(),
    state: z.literal("pending").meta({ description: "Becomes `claimed` on the Workspace once the person signs in." }),
    invited_at: z.iso.datetime(),
    expires_at: z.iso
      .datetime()
      .meta({ description: "The invitation lapses then; the Workspace's `claim.state` reads `unclaimed` again." }),
  })
  .meta({ id: "WorkspaceClaim" });

/*
 * The people pages' bodies, and the rules the consoles and the CLI share with them: a refusal's
 * code and message are the ones the pages show (lib/consoles/parse-input.ts).
 */

const undeliverable = "Enter an email address we can send to, like name@company.com.";

/** An address mail can be sent to, lower-cased; anything else is `invalid_email`. */
export const deliverableAddress = refusedAs(
  "invalid_email",
  z.string({ error: undeliverable }).transform((text, context) => {
    const email = deliverableEmail(text);
    if (email !== undefined) return email;
    context.addIssue({ code: "custom", message: undeliverable });
    return z.NEVER;
  }),
);

export const seatRoles: SeatRole[] = ["owner", "manager", "viewer"];

/** Any seat's role, as staff give it (the admin console's seats, the CLI's `seats set`). */
export const seatRole = z.enum(seatRoles);

/** An owner invites a manager or a viewer (staff alone give owner seats). */
export const seatInviteBody = z.object({
  email: deliverableAddress,
  role: refusedAs("invalid_role", z.enum(["manager", "viewer"], { error: "Choose manager or viewer." })),
});

/** An owner changes a manager's or viewer's role (staff alone give or take owner seats). */
export const seatRoleChangeBody = seatInviteBody.pick({ role: true });

export const findingSeverities: FindingSeverity[] = ["MINOR", "MODERATE", "MAJOR"];

/** A person's own choices for one of their seats. */
export const deliveryChoiceBody = z.object({
  minimumSeverity: refusedAs("invalid_severity", z.enum(findingSeverities, { error: "Choose minor, moderate or major." })),
  receiveMissedSteps: refusedAs("invalid_choice", z.boolean({ error: "Say whether missed steps are sent." })),
});
