import { NavLinks, type NavLink } from "@/components/ui/NavLinks";

const docsLinks: NavLink[] = [
  { href: "/docs", label: "API reference" },
  { href: "/llms.txt", label: "Quickstart" },
  { href: "/docs/demo", label: "Demo" },
  { href: "/docs/connectors", label: "Connectors" },
];

/** The documentation pages for people, side by side; the current one is marked. */
export function DocsNav() {
  return (
    <nav aria-label="Documentation" className="-mx-3 -mt-2">
      <NavLinks links={docsLinks} />
    </nav>
  );
}
