import "server-only";
import { listAccessRequests } from "../demo/access-request";
import type { Command } from "./command";
import { table } from "./output";

const accessRequests: Command = {
  name: "demo access-requests",
  args: "",
  summary: "Partner API access requests made from the demo tier, newest 100",
  options: [],
  prepare() {
    return async () => {
      const rows = await listAccessRequests();
      return {
        json: {
          access_requests: rows.map((row) => ({
            request_id: row.id,
            email: row.email,
            name: row.name,
            company: row.company ?? undefined,
            on_behalf_of: row.onBehalfOf ?? undefined,
            message: row.message ?? undefined,
            created_at: row.createdAt.toISOString(),
          })),
        },
        text:
          rows.length === 0
            ? "No access requests yet."
            : table(
                ["WHEN", "EMAIL", "NAME", "COMPANY", "ON BEHALF OF"],
                rows.map((row) => [
                  row.createdAt.toISOString().slice(0, 16),
                  row.email,
                  row.name,
                  row.company ?? "",
                  row.onBehalfOf ?? "",
                ]),
              ),
      };
    };
  },
};

export const demoCommands: Command[] = [accessRequests];
