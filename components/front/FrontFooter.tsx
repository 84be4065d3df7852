import { LogoMark } from "@/components/ui/Logo";

const links = [
  { href: "/docs", label: "API reference" },
  { href: "/v1/openapi.json", label: "OpenAPI document" },
  { href: "/docs/demo", label: "Demo" },
  { href: "/demo/terms", label: "Demo terms" },
  { href: "/docs/connectors", label: "Connectors" },
  { href: "/verify", label: "Check evidence" },
];

export function FrontFooter() {
  return (
    <footer className="flex flex-col gap-4 border-t border-line pt-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2">
        <LogoMark className="size-5" />
        Walkthrough: video inspections for homes between stays.
      </p>
      <nav aria-label="More">
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="rounded-sm text-ink-soft hover:text-accent hover:underline">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
