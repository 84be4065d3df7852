/**
 * The tabs of a partner's admin page, in order, and which one a `?tab=` value opens: an unknown
 * or missing value is the overview, so an old or mistyped link still lands somewhere useful.
 */
export const partnerTabs = [
  { value: "overview", label: "Overview" },
  { value: "keys", label: "Keys" },
  { value: "webhooks", label: "Webhooks" },
  { value: "allowlist", label: "Allowlist" },
  { value: "workspaces", label: "Workspaces" },
  { value: "connectors", label: "Connectors" },
  { value: "audit", label: "Audit" },
] as const satisfies readonly { value: string; label: string }[];

export type PartnerTab = (typeof partnerTabs)[number]["value"];

export function partnerTabOf(value: string | null | undefined): PartnerTab {
  return partnerTabs.find((tab) => tab.value === value)?.value ?? "overview";
}
