import { Link2Off } from "lucide-react";
import { StatusCard } from "./Layout";

/** What a cleaner sees for a link no recording link was issued with: on the 404 page, and when the API says so later. */
export function LinkDoesNotWork() {
  return (
    <StatusCard title="This link does not work" icon={Link2Off} tone="danger" titleId="gone-title">
      <p>Check that you opened the whole link you were sent, or ask for a new one.</p>
    </StatusCard>
  );
}
