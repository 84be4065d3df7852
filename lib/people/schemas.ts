import "server-only";
import { z } from "zod";
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
