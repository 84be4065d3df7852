import type { InspectionRow } from "@/lib/people/read-inspections";
import { LocalTime } from "@/components/ui/LocalTime";
import { pageTranslations } from "@/lib/i18n/messages";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { TextLink } from "@/components/ui/TextLink";
import { FindingCounts, MissedCount } from "./FindingCounts";
import { VerdictBadge } from "./VerdictBadge";

/**
 * One row per walkthrough, newest first, each linking to its report. On the home each row names
 * its home; on a home's own page the date is the link.
 */
export async function InspectionsTable({
  rows,
  caption,
  showHome = true,
  showWorkspace = false,
}: {
  rows: InspectionRow[];
  caption: string;
  showHome?: boolean;
  showWorkspace?: boolean;
}) {
  const t = await pageTranslations("people.table");
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <THead>
        <tr>
          <Th>{showHome ? t("home") : t("when")}</Th>
          <Th>{t("verdict")}</Th>
          <Th>{t("findings")}</Th>
          <Th>{t("missed")}</Th>
          {showHome && <Th className="text-right">{t("when")}</Th>}
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id} className="sm:hover:bg-canvas">
            <Td className="max-sm:pb-1">
              <div className="min-w-0">
                <TextLink href={`/reports/${row.id}`} className="no-underline hover:underline">
                  {showHome ? row.propertyName : <LocalTime date={row.at} />}
                </TextLink>
                {(row.taskName || showWorkspace) && (
                  <p className="mt-0.5 truncate text-xs text-muted">
                    {[showWorkspace ? row.workspaceName : undefined, row.taskName].filter(Boolean).join(" · ")}
                  </p>
                )}
              </div>
            </Td>
            <Td label={t("verdict")}>
              <VerdictBadge verdict={row.released?.verdict} status={row.status} />
            </Td>
            <Td label={t("findings")}>
              <FindingCounts bySeverity={row.released?.bySeverity} />
            </Td>
            <Td label={t("missed")}>
              <MissedCount count={row.released?.missedItems} />
            </Td>
            {showHome && (
              <Td label={t("when")} className="text-ink-soft sm:text-right sm:whitespace-nowrap">
                <LocalTime date={row.at} />
              </Td>
            )}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
