import type { NavLink } from "@/components/shell/PageShell";

export const staffLinks: NavLink[] = [
  { href: "/admin", label: "Partners" },
  { href: "/admin/inspections", label: "Inspections" },
  { href: "/admin/review", label: "Review" },
  { href: "/admin/jobs", label: "Jobs" },
  { href: "/admin/audit", label: "Audit log" },
];

export const partnerLinks = (partnerId: string): NavLink[] => [{ href: `/console/${partnerId}`, label: "Console" }];
