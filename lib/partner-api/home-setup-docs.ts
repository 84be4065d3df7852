import "server-only";
/** The rule every home-setup operation shares, said once for the reference. */
export const homeRule =
  "Any roster state (`inactive` and `unconfirmed` included) may be set up. A `property_id` not in the workspace's " +
  "roster, or another workspace's, answers `404 property_not_found` (an unknown `workspace_id` answers " +
  "`404 workspace_not_provisioned` first).";
