import "server-only";
import { cliActor } from "../consoles/audit";
import { addStaff, invitePartnerUser, listPartnerUsers, listStaff } from "../consoles/console-people";
import { requirePartner } from "../partners/require-partner";
import { type Command, partnerOption, requiredOption } from "./command";
import { table } from "./output";

/*
 * Who may use the consoles: staff (/admin) and partner users (/console). Both sign in with the
 * usual email link; these commands only say who may.
 */

const staffAdd: Command = {
  name: "staff add",
  args: "--email <address>",
  summary: "let a person run the admin console (/admin); they sign in with an email link",
  options: ["email"],
  prepare(options) {
    const email = requiredOption(options, "email");
    return async () => {
      const result = await addStaff({ email }, cliActor);
      return {
        json: { email: result.email, added: result.added },
        text: result.added ? `${result.email} is staff now: sign in at /sign-in.` : `${result.email} was staff already.`,
      };
    };
  },
};

const staffList: Command = {
  name: "staff list",
  args: "",
  summary: "the staff who may use /admin",
  options: [],
  prepare() {
    return async () => {
      const staff = await listStaff();
      return {
        json: { staff: staff.map((row) => ({ email: row.email, added_at: row.addedAt })) },
        text:
          staff.length === 0
            ? "No staff yet."
            : table(
                ["EMAIL", "ADDED"],
                staff.map((row) => [row.email, row.addedAt]),
              ),
      };
    };
  },
};

const partnerUserAdd: Command = {
  name: "partner-user add",
  args: "--partner <id> --email <address>",
  summary: "invite a partner's engineer to its console (/console); mails a 7-day sign-in link",
  options: ["partner", "email"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const email = requiredOption(options, "email");
    return async () => {
      const user = await invitePartnerUser(partnerId, { email }, cliActor);
      return {
        json: { partner_id: partnerId, partner_user_id: user.id, email: user.email },
        text: `Invited ${user.email} to partner ${partnerId}'s console.`,
      };
    };
  },
};

const partnerUserList: Command = {
  name: "partner-user list",
  args: "--partner <id>",
  summary: "the partner's console users and whether they have signed in",
  options: ["partner"],
  prepare(options) {
    const partnerId = partnerOption(options);
    return async () => {
      await requirePartner(partnerId);
      const users = await listPartnerUsers(partnerId);
      return {
        json: {
          partner_id: partnerId,
          users: users.map((user) => ({ partner_user_id: user.id, email: user.email, joined: user.joined })),
        },
        text:
          users.length === 0
            ? `Partner ${partnerId} has no console users.`
            : table(
                ["EMAIL", "SIGNED IN"],
                users.map((user) => [user.email, user.joined ? "yes" : "not yet"]),
              ),
      };
    };
  },
};

export const consolePeopleCommands: Command[] = [staffAdd, staffList, partnerUserAdd, partnerUserList];
