import os from "node:os";
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { db } from "../../lib/db/client";
import { maxTourImages, runTourImport } from "../../lib/tours/run-tour-import";
import { TourProviderError, type TourProvider } from "../../lib/tours/tour-provider";
import { localDriverOfApp } from "../support/media";
import { workspaceWithHomes } from "../fixtures/baseline-photos";
import { createTestPartner } from "../fixtures/partners";
import { newModelId, shareLink } from "../fixtures/tours";

// The job's own code with an in-process provider, so a failure can be placed at one exact
// image. Nothing here sends a job: the app's workers never see these imports.

let home: Awaited<ReturnType<typeof workspaceWithHomes>>;

beforeAll(async () => {
  const partner = await createTestPartner();
  home = await workspaceWithHomes(partner.apiKey, partner.partnerId, "tour-resume", ["resume", "many", "overlap"]);
});

function jpeg(index: number): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: index * 40, g: 10, b: 200 } } }).jpeg().toBuffer();
}

/**
 * A provider of `count` images that breaks the connection on the images in `failOnce`, the first
 * time each is asked, and holds the first download of `holdFirst` until `release()`.
 */
function provider(count: number, failOnce: number[] = [], holdFirst?: number) {
  const downloads: number[] = [];
  const failed = new Set<number>();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = holdFirst !== undefined;
  const listing = Array.from({ length: count }, (_, index) => ({ id: `image-${index}`, url: `https://provider.test/${index}` }));
  const client: TourProvider = {
    listImages: async () => listing,
    openImage: async (image) => {
      const index = Number(image.id.slice("image-".length));
      downloads.push(index);
      if (holding && index === holdFirst) {
        holding = false;
        await held;
      }
      if (failOnce.includes(index) && !failed.has(index)) {
        failed.add(index);
        throw new TourProviderError("unavailable", "connection reset");
      }
      return { contentType: "image/jpeg", body: Readable.from([await jpeg(index % 6)]) };
    },
  };
  return { client, downloads, release };
}

async function startImport(propertyId: string) {
  const property = await home.property(propertyId);
  const modelId = newModelId();
  const run = await db().tourImport.create({ data: { propertyId: property.id, url: shareLink(modelId), modelId } });
  await db().homeTour.upsert({
    where: { propertyId: property.id },
    create: { propertyId: property.id, namedImportId: run.id },
    update: { namedImportId: run.id },
  });
  return run;
}

const deps = (client: TourProvider) => ({ provider: client, storage: localDriverOfApp(), tempDir: os.tmpdir() });

describe("tour import: an interrupted attempt resumes", () => {
  it("keeps the images recorded before a failure and downloads only the rest on the next attempt", async () => {
    const run = await startImport("resume");
    const fake = provider(5, [3]);
    await expect(runTourImport(run.id, deps(fake.client))).rejects.toThrow(TourProviderError);
    const partial = await db().tourImage.findMany({ where: { importId: run.id } });
    expect(partial.map((image) => image.providerImageId).sort()).toEqual(["image-0", "image-1", "image-2"]);
    expect((await db().tourImport.findUniqueOrThrow({ where: { id: run.id } })).state).toBe("importing");

    await runTourImport(run.id, deps(fake.client));
    expect(fake.downloads).toEqual([0, 1, 2, 3, 3, 4]);
    const finished = await db().tourImport.findUniqueOrThrow({ where: { id: run.id }, include: { images: true } });
    expect(finished.state).toBe("imported");
    expect(finished.images).toHaveLength(5);
    expect(new Set(finished.images.map((image) => image.providerImageId)).size).toBe(5);
    const stored = await Promise.all(finished.images.map((image) => localDriverOfApp().head(image.storageKey)));
    expect(stored.every((head) => head !== null)).toBe(true);
    const tour = await db().homeTour.findUniqueOrThrow({ where: { propertyId: run.propertyId } });
    expect(tour.inUseImportId).toBe(run.id);

    // A further attempt (a duplicate delivery of the job) changes nothing.
    await runTourImport(run.id, deps(fake.client));
    expect(fake.downloads).toHaveLength(6);
    expect(await db().tourImage.count({ where: { importId: run.id } })).toBe(5);
  });

  it("keeps the imagery when an overlapping attempt finds the import already imported", async () => {
    const run = await startImport("overlap");
    const fake = provider(2, [], 1);
    // A slow attempt stops at image 1; a second delivery of the job finishes the import meanwhile.
    const slow = runTourImport(run.id, deps(fake.client));
    await expect.poll(() => db().tourImage.count({ where: { importId: run.id } })).toBe(1);
    await runTourImport(run.id, deps(fake.client));
    fake.release();
    await slow;
    const finished = await db().tourImport.findUniqueOrThrow({ where: { id: run.id }, include: { images: true } });
    expect(finished.state).toBe("imported");
    expect(finished.images).toHaveLength(2);
    const stored = await Promise.all(finished.images.map((image) => localDriverOfApp().head(image.storageKey)));
    expect(stored.every((head) => head !== null)).toBe(true);
  });

  it(`imports at most ${maxTourImages} images of a tour`, async () => {
    const run = await startImport("many");
    const fake = provider(maxTourImages + 5);
    await runTourImport(run.id, deps(fake.client));
    expect(fake.downloads).toHaveLength(maxTourImages);
    expect(await db().tourImage.count({ where: { importId: run.id } })).toBe(maxTourImages);
  }, 120_000);
});
