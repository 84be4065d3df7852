/**
 * A partner's sections, once for both consoles: the partner console shows those with a `path`
 * (each its own URL under /console/{partnerId}, "" the overview), in the order an integration is
 * set up and then watched; staff's page of the partner shows those with a `tab` (`?tab=`).
 */
const partnerSections = [
  { label: "Overview", path: "", tab: "overview" },
  { label: "API keys", path: "keys", tab: "keys" },
  { label: "Webhooks", path: "webhooks", tab: "webhooks" },
  { label: "Verifying signatures", path: "webhooks/signatures", under: "webhooks" },
  { label: "Events", path: "events" },
  { label: "Allowlist", tab: "allowlist" },
  { label: "Workspaces", path: "workspaces", tab: "workspaces" },
  { label: "Connectors", tab: "connectors" },
  { label: "Usage", path: "usage" },
  { label: "Team", path: "team" },
  { label: "Audit", path: "audit", tab: "audit" },
  { label: "Sandbox", path: "sandbox" },
] as const satisfies readonly { label: string; path?: string; tab?: string; under?: string }[];

type Section = (typeof partnerSections)[number];
type ConsoleEntry = Extract<Section, { path: string }>;
type TabEntry = Extract<Section, { tab: string }>;

export const consoleSections: readonly ConsoleEntry[] = partnerSections.filter(
  (section): section is ConsoleEntry => "path" in section,
);
export type ConsoleSection = ConsoleEntry["path"];

export const partnerTabs: readonly TabEntry[] = partnerSections.filter((section): section is TabEntry => "tab" in section);
export type PartnerTab = TabEntry["tab"];

/** The tab a `?tab=` value opens: an unknown or missing one is the overview, so an old or mistyped link still lands. */
export function partnerTabOf(value: string | null | undefined): PartnerTab {
  return partnerTabs.find((section) => section.tab === value)?.tab ?? "overview";
}

/** The reference an engineer reaches for beside the console. */
export const consoleReferences = [
  { href: "/docs", label: "API documentation" },
  { href: "/v1/openapi.json", label: "OpenAPI document" },
  { href: "/llms.txt", label: "llms.txt" },
] as const;

export const sectionHref = (partnerId: string, path: string) =>
  path === "" ? `/console/${partnerId}` : `/console/${partnerId}/${path}`;
