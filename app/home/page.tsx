import { ClipboardList, House, Inbox } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requirePerson } from "@/lib/auth/current-person";
import { consoleRoleOf } from "@/lib/consoles/console-role";
import { seatsOf } from "@/lib/people/access";
import { readHome } from "@/lib/people/read-home";
import { type VerdictFilter, verdictFilters } from "@/lib/people/read-inspections";
import { HomesList } from "@/components/manager/HomesList";
import { InspectionFilters } from "@/components/manager/InspectionFilters";
import { InspectionsTable } from "@/components/manager/InspectionsTable";
import { StatePage } from "@/components/manager/StatePage";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { PageHeader, PageShell } from "@/components/ui/PageShell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inspections · Walkthrough" };

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function HomePage({ searchParams }: { searchParams: Search }) {
  const person = await requirePerson("/home");
  const query = await searchParams;
  const seats = await seatsOf(person.id);
  if (seats.length === 0) {
    // Staff and partner engineers sign in through the same form: their place is a console.
    const role = await consoleRoleOf(person.id);
    if (role.staff) redirect("/admin");
    if (role.partnerIds.length > 0) redirect("/console");
    return (
      <StatePage person={person} icon={House} title="No workspace yet">
        <p>
          <span className="font-medium text-ink">{person.email}</span> is not in a workspace yet, so there are no reports to show.
        </p>
        <p>Ask the owner of your company&apos;s workspace to invite this address; the invitation arrives by email.</p>
      </StatePage>
    );
  }

  const values = {
    workspace: seats.some((seat) => seat.workspaceId === one(query.workspace)) ? one(query.workspace) : "",
    home: one(query.home),
    verdict: verdictFilters.find((verdict) => verdict === one(query.verdict)) ?? "",
    from: one(query.from),
    to: one(query.to),
  };
  const home = await readHome(seats, {
    workspaceId: values.workspace || undefined,
    propertyId: values.home || undefined,
    verdict: (values.verdict || undefined) as VerdictFilter | undefined,
    from: values.from || undefined,
    to: values.to || undefined,
  });
  const filtered = Object.values(values).some((value) => value !== "");
  const severalWorkspaces = seats.length > 1;

  return (
    <PageShell person={person}>
      <PageHeader
        title="Inspections"
        description={
          <>
            {severalWorkspaces ? "Workspaces" : "Workspace"}:{" "}
            <span className="font-medium text-ink-soft">{seats.map((seat) => seat.workspaceName).join(" · ")}</span>
          </>
        }
      />

      <Card aria-labelledby="inspections-title" className="max-sm:px-3">
        <CardHeader
          id="inspections-title"
          title="Latest walkthroughs"
          description="Which homes need you before the next guests."
        />
        {/* Nothing to filter yet: the empty state alone says what comes next. */}
        {(home.inspections.length > 0 || filtered) && (
          <InspectionFilters
            initial={values}
            workspaces={seats.map((seat) => ({ id: seat.workspaceId, name: seat.workspaceName }))}
            homes={home.homes.map((each) => ({ id: each.id, name: each.name }))}
          />
        )}
        <div className="mt-5">
          {home.inspections.length > 0 ? (
            <InspectionsTable rows={home.inspections} caption="Latest walkthroughs" showWorkspace={severalWorkspaces} />
          ) : filtered ? (
            <EmptyState icon={Inbox} title="No walkthroughs match these filters">
              Try a wider date range or another verdict, or clear the filters to see every walkthrough.
            </EmptyState>
          ) : (
            <EmptyState
              icon={ClipboardList}
              title="No reports yet"
              action={
                home.homes.length > 0 ? (
                  <Button asChild variant="secondary">
                    <a href="#homes-title">Set your homes up</a>
                  </Button>
                ) : undefined
              }
            >
              Reports appear here after a cleaner records a walkthrough. Set your homes up first: a checklist, a tour and baseline
              photos make every report sharper.
            </EmptyState>
          )}
        </div>
        {home.truncated && (
          <p className="mt-3 text-sm text-muted">
            Showing the latest 100 walkthroughs; filter by home or date to find older ones.
          </p>
        )}
      </Card>

      <Card aria-labelledby="homes-title" className="max-sm:px-3">
        <CardHeader
          id="homes-title"
          title="Homes"
          description="A checklist, a tour and baseline photos let each report compare against how the home should look."
        />
        {home.homes.length === 0 ? (
          <EmptyState icon={House} title="No homes yet">
            Homes appear here once your booking or cleaning platform sends them to Walkthrough.
          </EmptyState>
        ) : (
          <HomesList homes={home.homes} showWorkspace={severalWorkspaces} />
        )}
      </Card>
    </PageShell>
  );
}
