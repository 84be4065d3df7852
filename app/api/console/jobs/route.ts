import { consoleRoute, staffOnly } from "@/lib/consoles/console-route";
import { jobsOverview } from "@/lib/consoles/job-actions";

export const GET = consoleRoute(staffOnly, async () => jobsOverview());
