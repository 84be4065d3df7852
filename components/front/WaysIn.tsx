import { ArrowRight, Building2, Check, Code2, Plug } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";

export interface WayIn {
  href: string;
  label: string;
  /** What is behind the link, in a few words. */
  note: string;
}

interface Audience {
  id: string;
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  primary: WayIn;
  more: WayIn[];
  /** What is on the other side, for those whose one way in is the primary link. */
  points: string[];
}

/** Every way into the product from the front page, one group per kind of visitor; the e2e test follows each link. */
export const audiences: Audience[] = [
  {
    id: "managers",
    icon: Building2,
    title: "Property managers and staff",
    text: "Read your homes' reports, set homes up and invite your team. Walkthrough staff review inspections here too.",
    primary: { href: "/sign-in", label: "Sign in", note: "We email you a link; no password" },
    more: [],
    points: [
      "Each walkthrough's verdict, findings and video",
      "A PDF of the report for the owner",
      "Your homes' checklists and earlier pictures",
    ],
  },
  {
    id: "engineers",
    icon: Code2,
    title: "Partner engineers",
    text: "Add inspections to your platform: provision workspaces, hand out recording links, receive signed webhooks.",
    primary: { href: "/docs", label: "API reference", note: "Every call, with its errors" },
    more: [
      { href: "/llms.txt", label: "Quickstart", note: "The first five calls with curl" },
      { href: "/console", label: "Partner console", note: "Keys, webhooks and inspections" },
      { href: "/docs/demo", label: "Try the demo", note: "No key needed" },
    ],
    points: [],
  },
  {
    id: "platforms",
    icon: Plug,
    title: "Rental and task platforms",
    text: "Connect reservation calendars and cleaning tasks, so inspections follow the stays they are for.",
    primary: { href: "/docs/connectors", label: "Connector catalogue", note: "What each connector reads" },
    more: [],
    points: [
      "iCal calendars from Airbnb, Vrbo, Booking.com and most others",
      "Guesty, Hostaway, OwnerRez and Breezeway on request",
      "Switched on per workspace",
    ],
  },
];

export function WaysIn() {
  return (
    <section aria-labelledby="ways-in-title" className="flex flex-col gap-6">
      <div className="max-w-2xl">
        <h2 id="ways-in-title" className="text-2xl font-semibold tracking-tight text-ink">
          Find your way in
        </h2>
        <p className="mt-2 text-muted">One service, three kinds of people. Start where you fit.</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {audiences.map((audience) => (
          <li key={audience.id} className="flex">
            <Card aria-labelledby={`way-${audience.id}`} className="flex w-full flex-col gap-4">
              <span className="grid size-10 place-items-center rounded-md bg-accent-soft text-accent">
                <audience.icon aria-hidden className="size-5" />
              </span>
              <div>
                <h3 id={`way-${audience.id}`} className="text-lg font-semibold text-ink">
                  {audience.title}
                </h3>
                <p className="mt-1 text-sm text-ink-soft md:min-h-16">{audience.text}</p>
              </div>
              <div className="flex flex-col gap-4">
                <div>
                  <Button asChild className="w-full sm:w-auto">
                    <a href={audience.primary.href}>
                      {audience.primary.label}
                      <ArrowRight aria-hidden />
                    </a>
                  </Button>
                  <p className="mt-1.5 text-xs text-muted">{audience.primary.note}</p>
                </div>
                {audience.points.length > 0 && (
                  <ul className="flex flex-col gap-2 border-t border-line pt-4 text-sm text-ink-soft">
                    {audience.points.map((point) => (
                      <li key={point} className="flex gap-2">
                        <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                        {point}
                      </li>
                    ))}
                  </ul>
                )}
                {audience.more.length > 0 && (
                  <ul className="divide-y divide-line border-t border-line">
                    {audience.more.map((way) => (
                      <li key={way.href}>
                        <a href={way.href} className="group flex items-center justify-between gap-3 rounded-sm py-2.5 text-sm">
                          <span>
                            <span className="font-medium text-accent group-hover:underline">{way.label}</span>
                            <span className="block text-muted">{way.note}</span>
                          </span>
                          <ArrowRight aria-hidden className="size-4 shrink-0 text-muted group-hover:text-accent" />
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
