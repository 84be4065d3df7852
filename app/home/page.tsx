import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requirePerson } from "@/lib/auth/current-person";
import { consoleRoleOf } from "@/lib/consoles/console-role";
import type { InspectionStatus } from "@/lib/generated/prisma/enums";
import { seatsOf } from "@/lib/people/access";
import { inspectionStatuses, readHome } from "@/lib/people/read-home";
import { PageShell } from "@/components/shell/PageShell";
import { PhotoUpload } from "@/components/people/PhotoUpload";
import { QueryProvider } from "@/components/ui/QueryProvider";
import styles from "@/components/shell/shell.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inspections · Walkthrough" };

const statusLabel: Record<InspectionStatus, string> = {
  recording: "Recording",
  processing: "Analysing",
  completed: "Report ready",
  failed: "Failed",
};

const setupLabel = { none: "None", importing: "Importing…", imported: "Ready", failed: "Failed" } as const;

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

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
      <PageShell person={person} narrow>
        <section className={styles.card}>
          <h1 className={styles.title}>No workspace yet</h1>
          <p>{person.email} has no seat in a workspace. Ask your workspace&apos;s owner to invite this address.</p>
        </section>
      </PageShell>
    );
  }
  const status = inspectionStatuses.find((value) => value === one(query.status));
  const filters = { workspaceId: one(query.workspace), propertyId: one(query.property), status };
  const home = await readHome(seats, filters);
  const owned = seats.filter((seat) => seat.role === "owner");
  // Owners and managers set homes up; viewers only read.
  const setsUp = new Set(seats.filter((seat) => seat.role !== "viewer").map((seat) => seat.workspaceId));

  return (
    <PageShell person={person}>
      <QueryProvider>
        <div>
          <h1 className={styles.title}>Inspections</h1>
          <p className={styles.subtitle}>{seats.map((seat) => seat.workspaceName).join(" · ")}</p>
        </div>

        <section className={styles.card} aria-labelledby="inspections-title">
          <h2 id="inspections-title">Latest walkthroughs</h2>
          <form className={styles.filters} method="get" role="search" aria-label="Filter inspections">
            {seats.length > 1 && (
              <div className={styles.field}>
                <label htmlFor="filter-workspace">Workspace</label>
                <select id="filter-workspace" name="workspace" className={styles.select} defaultValue={filters.workspaceId ?? ""}>
                  <option value="">All</option>
                  {seats.map((seat) => (
                    <option key={seat.workspaceId} value={seat.workspaceId}>
                      {seat.workspaceName}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className={styles.field}>
              <label htmlFor="filter-property">Property</label>
              <select id="filter-property" name="property" className={styles.select} defaultValue={filters.propertyId ?? ""}>
                <option value="">All</option>
                {home.properties.map((property) => (
                  <option key={property.id} value={property.id}>
                    {property.name}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor="filter-status">Status</label>
              <select id="filter-status" name="status" className={styles.select} defaultValue={status ?? ""}>
                <option value="">All</option>
                {inspectionStatuses.map((value) => (
                  <option key={value} value={value}>
                    {statusLabel[value]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={styles.secondary}>
              Apply
            </button>
          </form>
          {home.inspections.length === 0 ? (
            <p>No walkthroughs match.</p>
          ) : (
            <table className={`${styles.table} ${styles.stack}`}>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Property</th>
                  <th scope="col">Status</th>
                  <th scope="col">Findings</th>
                </tr>
              </thead>
              <tbody>
                {home.inspections.map((inspection) => (
                  <tr key={inspection.id}>
                    <td data-label="Date">{inspection.date}</td>
                    <td data-label="Property">
                      <a href={`/reports/${inspection.id}`}>{inspection.propertyName}</a>
                      {seats.length > 1 && <div className={styles.muted}>{inspection.workspaceName}</div>}
                    </td>
                    <td data-label="Status">{statusLabel[inspection.status]}</td>
                    <td data-label="Findings">{inspection.findings ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {home.truncated && <p className={styles.muted}>Showing the latest 100; filter to find older ones.</p>}
        </section>

        <section className={styles.card} aria-labelledby="properties-title">
          <h2 id="properties-title">Properties</h2>
          {home.properties.length === 0 ? (
            <p>No properties yet. They appear once your platform sends them.</p>
          ) : (
            <table className={`${styles.table} ${styles.stack}`}>
              <thead>
                <tr>
                  <th scope="col">Property</th>
                  <th scope="col">Checklist</th>
                  <th scope="col">Virtual tour</th>
                  <th scope="col">Baseline photos</th>
                </tr>
              </thead>
              <tbody>
                {home.properties.map((property) => (
                  <tr key={property.id}>
                    <td data-label="Property">{property.name}</td>
                    <td data-label="Checklist">{property.checklistItems > 0 ? `${property.checklistItems} items` : "None"}</td>
                    <td data-label="Virtual tour">{setupLabel[property.setup.tour.state]}</td>
                    <td data-label="Baseline photos">
                      {property.setup.baselinePhotos.count} · {setupLabel[property.setup.baselinePhotos.state]}
                      {setsUp.has(property.workspaceId) && <PhotoUpload propertyId={property.id} propertyName={property.name} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        {owned.length > 0 && (
          <section className={styles.card} aria-labelledby="people-title">
            <h2 id="people-title">People</h2>
            <ul>
              {owned.map((seat) => (
                <li key={seat.workspaceId}>
                  <a href={`/workspaces/${seat.workspaceId}/people`}>Manage who can read {seat.workspaceName}&apos;s reports</a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </QueryProvider>
    </PageShell>
  );
}
