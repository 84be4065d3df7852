import type { NavLink } from "@/components/ui/PageShell";

/** The staff console's sections; a partner's and a workspace's pages belong to Partners. */
export const staffLinks: NavLink[] = [
  { href: "/admin", label: "Partners", matches: ["/admin/partners"] },
  { href: "/admin/inspections", label: "Inspections" },
  { href: "/admin/review", label: "Review" },
  { href: "/admin/jobs", label: "Jobs" },
  { href: "/admin/audit", label: "Audit log" },
];

/** The partner console's sections, in the order an integration is set up and then watched. */
export const partnerLinks = (partnerId: string): NavLink[] => [
  { href: `/console/${partnerId}`, label: "API keys" },
  { href: `/console/${partnerId}/webhooks`, label: "Webhooks" },
  { href: `/console/${partnerId}/inspections`, label: "Inspections" },
  { href: `/console/${partnerId}/activity`, label: "Activity" },
];
