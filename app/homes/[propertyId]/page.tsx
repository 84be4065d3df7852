import { ArrowLeft, ClipboardList, ExternalLink, Lock } from "lucide-react";
import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { PageIntl } from "@/components/ui/PageIntl";
import { pageLocale, pageMessages, pageTranslations } from "@/lib/i18n/messages";
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
export async function generateMetadata(): Promise<Metadata> {
  const t = await pageTranslations("people.oneHome");
  return { title: t("title") };
}

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
  const t = await pageTranslations("people");
  if (page === undefined) {
    // The same page for a home that does not exist and one of another workspace.
    return (
      <StatePage
        person={person}
        icon={Lock}
        title={t("noAccess.heading")}
        action={
          <Button asChild variant="secondary">
            <a href="/home">{t("noAccess.home")}</a>
          </Button>
        }
      >
        <p>{t("noAccess.homeSignedInAs", { email: person.email })}</p>
        <p>{t("noAccess.homeAskOwner")}</p>
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
          {t("oneHome.back")}
        </TextLink>
        <PageHeader
          title={home.name}
          description={[home.address, home.workspaceName].filter(Boolean).join(" · ")}
          actions={
            <Badge tone={done === of ? "success" : "neutral"}>
              {done === of ? t("homes.setUp") : t("homes.partlySetUp", { done, of })}
            </Badge>
          }
        />
      </div>

      <Card aria-labelledby="setup-title" className="max-sm:px-3">
        <CardHeader id="setup-title" title={t("oneHome.setup")} description={t("oneHome.setupHint")} />
        <div className="divide-y divide-line">
          <SetupRow
            title={t("oneHome.checklists")}
            status={parts.checklist ? t("oneHome.checklistsReady") : t("oneHome.checklistsNone")}
            done={parts.checklist}
          >
            {home.checklists.length === 0 ? (
              <p>{t("oneHome.noChecklist")}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {home.checklists.map((list) => (
                  <li key={list.type}>
                    <span className="font-medium text-ink">{t(`checklistType.${list.type}`)}</span>:{" "}
                    {t("oneHome.checklistItems", { count: list.itemCount })}
                    <span className="text-muted">{list.source === "home" ? t("oneHome.ownList") : t("oneHome.companyList")}</span>
                  </li>
                ))}
              </ul>
            )}
          </SetupRow>
          <SetupRow title={t("oneHome.tour")} status={t(`tourState.${home.setup.tour.state}`)} done={parts.tour}>
            {home.setup.tour.url ? (
              <TextLink href={home.setup.tour.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1">
                {t("oneHome.openTour")}
                <ExternalLink aria-hidden className="size-3.5" />
                <span className="sr-only">{t("oneHome.newTab")}</span>
              </TextLink>
            ) : (
              <p>{t("oneHome.noTour")}</p>
            )}
          </SetupRow>
          <SetupRow
            title={t("oneHome.photos")}
            status={
              photoCount > 0
                ? t("oneHome.photoCount", { count: photoCount })
                : t(`photosState.${home.setup.baselinePhotos.state}`)
            }
            done={parts.photos}
          >
            <div className="flex flex-col gap-4">
              <p>{t("oneHome.photosHint")}</p>
              {photos.length > 0 && (
                <ul aria-label={t("oneHome.newestPhotos")} className="grid grid-cols-4 gap-2 sm:grid-cols-6">
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
                <p className="text-muted">{t("oneHome.newestShown", { shown: photos.length, count: photoCount })}</p>
              )}
              {setsUp ? (
                <QueryProvider>
                  <PageIntl locale={await pageLocale()} messages={await pageMessages("people")}>
                    <PhotoUpload propertyId={home.id} propertyName={home.name} />
                  </PageIntl>
                </QueryProvider>
              ) : (
                <p className="text-muted">{t("oneHome.viewersOnly")}</p>
              )}
            </div>
          </SetupRow>
        </div>
      </Card>

      <Card aria-labelledby="history-title" className="max-sm:px-3">
        <CardHeader id="history-title" title={t("oneHome.history")} description={t("oneHome.historyHint")} />
        {inspections.length === 0 ? (
          <EmptyState icon={ClipboardList} title={t("oneHome.noWalkthroughs")}>
            {t("oneHome.noWalkthroughsHint")}
          </EmptyState>
        ) : (
          <InspectionsTable rows={inspections} caption={t("oneHome.walkthroughsOf", { home: home.name })} showHome={false} />
        )}
        {page.truncated && <p className="mt-3 text-sm text-muted">{t("oneHome.truncated")}</p>}
      </Card>
    </PageShell>
  );
}
