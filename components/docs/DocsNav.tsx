import { NavLinks, type NavLink } from "@/components/ui/NavLinks";

const docsLinks: NavLink[] = [
  { href: "/docs/demo", label: "Demo tier" },
  { href: "/docs/connectors", label: "Connectors" },
  { href: "/docs", label: "API reference" },
  { href: "/llms.txt", label: "Quickstart" },
];

/** The documentation pages for people, side by side; the current one is marked. */
export function DocsNav() {
  return (
    <nav aria-label="Documentation" className="-mx-3 -mt-2">
      <NavLinks links={docsLinks} />
    </nav>
  );
}
