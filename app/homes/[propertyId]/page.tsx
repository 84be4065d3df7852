import { ArrowLeft, ClipboardList, ExternalLink, Lock } from "lucide-react";
import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { checklistTypeLabel, photosStateLabel, tourStateLabel } from "@/lib/labels/manager-labels";
import { setupDone } from "@/lib/people/read-home";
import { readOneHome } from "@/lib/people/read-one-home";
import { InspectionsTable } from "@/components/manager/InspectionsTable";
import { PhotoUpload } from "@/components/manager/PhotoUpload";
import { StatePage } from "@/components/manager/StatePage";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { TextLink } from "@/components/ui/TextLink";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Home · Walkthrough" };

function SetupRow({
  title,
  status,
  done,
  children,
}: {
  title: string;
  status: string;
  done: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div className="grid gap-2 py-4 first:pt-0 last:pb-0 sm:grid-cols-[12rem_1fr] sm:gap-6">
      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-start sm:justify-start">
        <h3 className="font-medium text-ink">{title}</h3>
        <Badge tone={done ? "success" : "neutral"}>{status}</Badge>
      </div>
      <div className="min-w-0 text-sm text-ink-soft">{children}</div>
    </div>
  );
}

export default async function OneHomePage({ params }: { params: Promise<{ propertyId: string }> }) {
  const { propertyId } = await params;
  const person = await requirePerson(`/homes/${encodeURIComponent(propertyId)}`);
  const page = await readOneHome(person.id, propertyId);
  if (page === undefined) {
    // The same page for a home that does not exist and one of another workspace.
    return (
      <StatePage
        person={person}
        icon={Lock}
        title="No access"
        action={
          <Button asChild variant="secondary">
            <a href="/home">Go to your inspections</a>
          </Button>
        }
      >
        <p>You are signed in as {person.email}, which has no access to this home.</p>
        <p>If you expected to see it, ask the owner of its workspace to invite this address.</p>
      </StatePage>
    );
  }
  const { home, role, photos, inspections } = page;
  const { parts, done, of } = setupDone(home);
  const photoCount = home.setup.baselinePhotos.count;
  const setsUp = role !== "viewer";

  return (
    <PageShell person={person}>
      <div className="flex flex-col gap-3">
        <TextLink href="/home" className="inline-flex w-fit items-center gap-1 text-sm no-underline hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Inspections
        </TextLink>
        <PageHeader
          title={home.name}
          description={[home.address, home.workspaceName].filter(Boolean).join(" · ")}
          actions={<Badge tone={done === of ? "success" : "neutral"}>{done === of ? "Set up" : `${done} of ${of} set up`}</Badge>}
        />
      </div>

      <Card aria-labelledby="setup-title" className="max-sm:px-3">
        <CardHeader
          id="setup-title"
          title="Setup"
          description="What each report compares against: the checklist the cleaner follows, the tour and photos of how the home should look."
        />
        <div className="divide-y divide-line">
          <SetupRow title="Checklists" status={parts.checklist ? "Ready" : "None yet"} done={parts.checklist}>
            {home.checklists.length === 0 ? (
              <p>No checklist yet. Your booking or cleaning platform sends it with the home.</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {home.checklists.map((list) => (
                  <li key={list.type}>
                    <span className="font-medium text-ink">{checklistTypeLabel[list.type]}</span>: {list.itemCount}{" "}
                    {list.itemCount === 1 ? "item" : "items"}
                    <span className="text-muted">
                      {list.source === "home" ? " · this home's own list" : " · the company-wide list"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </SetupRow>
          <SetupRow title="Virtual tour" status={tourStateLabel[home.setup.tour.state]} done={parts.tour}>
            {home.setup.tour.url ? (
              <TextLink href={home.setup.tour.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1">
                Open the tour
                <ExternalLink aria-hidden className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </TextLink>
            ) : (
              <p>No tour yet. Your platform can send a 3D tour link with the home.</p>
            )}
          </SetupRow>
          <SetupRow
            title="Baseline photos"
            status={
              photoCount > 0
                ? `${photoCount} ${photoCount === 1 ? "photo" : "photos"}`
                : photosStateLabel[home.setup.baselinePhotos.state]
            }
            done={parts.photos}
          >
            <div className="flex flex-col gap-4">
              <p>Photos of each room as it should be left. Findings are compared against them.</p>
              {photos.length > 0 && (
                <ul aria-label="Newest baseline photos" className="grid grid-cols-4 gap-2 sm:grid-cols-6">
                  {photos.map((photo) => (
                    <li key={photo.id}>
                      <img
                        src={photo.url}
                        alt=""
                        width={photo.width}
                        height={photo.height}
                        loading="lazy"
                        className="aspect-square w-full rounded-md bg-subtle object-cover"
                      />
                    </li>
                  ))}
                </ul>
              )}
              {photoCount > photos.length && (
                <p className="text-muted">
                  The newest {photos.length} of {photoCount} shown.
                </p>
              )}
              {setsUp ? (
                <QueryProvider>
                  <PhotoUpload propertyId={home.id} propertyName={home.name} />
                </QueryProvider>
              ) : (
                <p className="text-muted">Viewers read reports; an owner or a manager adds photos.</p>
              )}
            </div>
          </SetupRow>
        </div>
      </Card>

      <Card aria-labelledby="history-title" className="max-sm:px-3">
        <CardHeader id="history-title" title="Inspection history" description="Every walkthrough of this home, newest first." />
        {inspections.length === 0 ? (
          <EmptyState icon={ClipboardList} title="No walkthroughs yet">
            Reports of this home appear here after a cleaner records a walkthrough.
          </EmptyState>
        ) : (
          <InspectionsTable rows={inspections} caption={`Walkthroughs of ${home.name}`} showHome={false} />
        )}
        {page.truncated && <p className="mt-3 text-sm text-muted">Showing the latest 50 walkthroughs.</p>}
      </Card>
    </PageShell>
  );
}
