// Rows the page benches read, written straight to the database (the pages' server time is what is
// measured, not how the rows came): a partner's home and a task of it. Imported once the bench's
// database is chosen (`useDatabase`), as the client reads its address when first used.
import { createHash, randomBytes, randomUUID } from "node:crypto";

export interface BenchHome {
  workspaceId: string;
  propertyId: string;
}

/** A partner with one workspace and one home in it. */
export async function seedBenchHome(
  workspaceExternalId: string,
  address: { addressLine1?: string; addressCity?: string } = {},
): Promise<BenchHome> {
  const { db } = await import("../lib/db/client");
  const { createPartner } = await import("../lib/partners/create-partner");
  const { provisionWorkspace } = await import("../lib/workspaces/provision-workspace");
  const partner = await createPartner("Bench partner");
  const { workspace } = await provisionWorkspace({
    partnerId: partner.partnerId,
    keyId: partner.keyId,
    workspaceId: workspaceExternalId,
    name: "Bench Rentals",
  });
  const property = await db().property.create({
    data: { workspaceId: workspace.id, externalId: "home-1", name: "Harbour View Apartment", ...address },
  });
  return { workspaceId: workspace.id, propertyId: property.id };
}

/** A cleaning task of the home, its recording link never used by the pages measured. */
export async function seedBenchTask(home: BenchHome, scheduledDate?: Date): Promise<string> {
  const { db } = await import("../lib/db/client");
  const externalId = `task-${randomUUID()}`;
  const task = await db().task.create({
    data: {
      workspaceId: home.workspaceId,
      externalId,
      externalIdHash: createHash("sha256").update(externalId).digest(),
      propertyId: home.propertyId,
      name: "Deep clean",
      ...(scheduledDate && { scheduledDate }),
      tokenHash: randomBytes(32),
      tokenEncrypted: "not used by the pages measured",
    },
  });
  return task.id;
}
