import { addStaff, listStaff } from "@/lib/consoles/console-people";
import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";

export const GET = consoleRoute(staffOnly, async () => ({ staff: await listStaff() }));

export const POST = consoleRoute(staffOnly, async ({ actor }, request) =>
  addStaff(String((await jsonBody(request)).email ?? ""), actor),
);
