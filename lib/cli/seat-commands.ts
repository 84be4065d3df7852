import "server-only";
import type { SeatRole } from "../generated/prisma/enums";
import { seatRole, seatRoles } from "../people/schemas";
import { staffListSeats, staffRemoveSeat, staffSetSeat } from "../people/staff-seats";
import { type Command, InvalidArgumentError, type OptionValues, partnerOption, requiredOption } from "./command";
import { table } from "./output";
import { requireWorkspace, workspaceOption } from "./workspace-option";

/*
 * Seats as staff see them: any role, an owner's included (owners themselves manage managers and
 * viewers from the web app). The workspace is named as everywhere in this CLI: the partner and
 * the partner's own workspace id.
 */

function roleOption(options: OptionValues): SeatRole {
  const role = requiredOption(options, "role").trim().toLowerCase();
  const parsed = seatRole.safeParse(role);
  if (!parsed.success) throw new InvalidArgumentError(`--role must be one of ${seatRoles.join(", ")}; got "${role}".`);
  return parsed.data;
}

const list: Command = {
  name: "seats list",
  args: "--partner <id> --workspace <workspace_id>",
  summary: "people with a seat in a workspace: email, role, whether they have signed in",
  options: ["partner", "workspace"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    return async () => {
      const { workspaceName, seats } = await staffListSeats((await requireWorkspace(partnerId, workspaceId)).id);
      return {
        json: {
          partner_id: partnerId,
          workspace_id: workspaceId,
          seats: seats.map((seat) => ({ seat_id: seat.seatId, email: seat.email, role: seat.role, joined: seat.joined })),
        },
        text:
          seats.length === 0
            ? `${workspaceName} has nobody in it.`
            : table(
                ["EMAIL", "ROLE", "SIGNED IN"],
                seats.map((seat) => [seat.email, seat.role, seat.joined ? "yes" : "not yet"]),
              ),
      };
    };
  },
};

const set: Command = {
  name: "seats set",
  args: "--partner <id> --workspace <workspace_id> --email <address> --role owner|manager|viewer",
  summary: "give a person a seat or change its role (owners only here); newcomers are mailed a link",
  options: ["partner", "workspace", "email", "role"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    const email = requiredOption(options, "email");
    const role = roleOption(options);
    return async () => {
      const seat = await staffSetSeat((await requireWorkspace(partnerId, workspaceId)).id, { email, role });
      const what = seat.created ? "Gave" : "Set";
      return {
        json: {
          partner_id: partnerId,
          workspace_id: workspaceId,
          seat_id: seat.seatId,
          email: seat.email,
          role: seat.role,
          created: seat.created,
          invited: seat.invited,
        },
        text: `${what} ${seat.email} the ${seat.role} seat.${seat.invited ? " An invitation with a sign-in link was mailed." : ""}`,
      };
    };
  },
};

const remove: Command = {
  name: "seats remove",
  args: "--partner <id> --workspace <workspace_id> --email <address>",
  summary: "take a person's seat away, an owner's included",
  options: ["partner", "workspace", "email"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    const email = requiredOption(options, "email");
    return async () => {
      const removed = await staffRemoveSeat((await requireWorkspace(partnerId, workspaceId)).id, email);
      return {
        json: { partner_id: partnerId, workspace_id: workspaceId, email: email.trim().toLowerCase(), removed },
        text: removed ? `Removed ${email.trim()}'s seat.` : `${email.trim()} had no seat there.`,
      };
    };
  },
};

export const seatCommands: Command[] = [list, set, remove];
