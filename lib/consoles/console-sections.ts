/**
 * The partner console's sections, in the order an integration is set up and then watched; each
 * is its own URL under /console/{partnerId} ("" is the overview).
 */
export const consoleSections = [
  { path: "", label: "Overview" },
  { path: "keys", label: "API keys" },
  { path: "webhooks", label: "Webhooks" },
  { path: "webhooks/signatures", label: "Verifying signatures", under: "webhooks" },
  { path: "events", label: "Events" },
  { path: "workspaces", label: "Workspaces" },
  { path: "usage", label: "Usage" },
  { path: "team", label: "Team" },
  { path: "audit", label: "Audit" },
  { path: "sandbox", label: "Sandbox" },
] as const satisfies readonly { path: string; label: string; under?: string }[];

export type ConsoleSection = (typeof consoleSections)[number]["path"];

/** The reference an engineer reaches for beside the console. */
export const consoleReferences = [
  { href: "/docs", label: "API documentation" },
  { href: "/v1/openapi.json", label: "OpenAPI document" },
  { href: "/llms.txt", label: "llms.txt" },
] as const;

export const sectionHref = (partnerId: string, path: string) =>
  path === "" ? `/console/${partnerId}` : `/console/${partnerId}/${path}`;
