import { consoleRoute, staffOnly } from "@/lib/consoles/console-route";
import { reviewQueue } from "@/lib/consoles/review-actions";

export const GET = consoleRoute(staffOnly, async () => reviewQueue());
