import os from "node:os";
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { db } from "../../lib/db/client";
import { saveBody } from "../../lib/fetch/save-body";
import { maxTourImages, runTourImport } from "../../lib/tours/run-tour-import";
import { maxTourImageBytes } from "../../lib/tours/tour-image-file";
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
  home = await workspaceWithHomes(partner.apiKey, partner.partnerId, "tour-resume", ["resume", "many", "overlap", "paused"]);
});

function jpeg(index: number): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: index * 40, g: 10, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/**
 * A provider of `count` images that breaks the connection on the images in `failOnce`, the first
 * time each is asked, holds the first download of `holdFirst` until `release()`, and serves the
 * images in `unusable` as HTML.
 */
function provider(count: number, failOnce: number[] = [], holdFirst?: number, unusable: number[] = []) {
  const downloads: number[] = [];
  const failed = new Set<number>();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let holdReached = () => {};
  // Resolves once the held download has begun: the attempt that took it is parked there.
  const holding$ = new Promise<void>((resolve) => (holdReached = resolve));
  let holding = holdFirst !== undefined;
  const listing = Array.from({ length: count }, (_, index) => ({ id: `image-${index}`, url: `https://provider.test/${index}` }));
  const client: TourProvider = {
    listImages: async () => listing,
    downloadImage: async (image, tempDir) => {
      const index = Number(image.id.slice("image-".length));
      downloads.push(index);
      if (holding && index === holdFirst) {
        holding = false;
        holdReached();
        await held;
      }
      if (failOnce.includes(index) && !failed.has(index)) {
        failed.add(index);
        throw new TourProviderError("unavailable", "connection reset");
      }
      if (unusable.includes(index)) return { ok: false, reason: "unsupported_content_type" };
      const saved = await saveBody(Readable.from([await jpeg(index % 6)]), tempDir, maxTourImageBytes);
      return { ok: true, contentType: "image/jpeg", ...saved };
    },
  };
  return { client, downloads, release, holding: holding$ };
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
    // Wait for the slow attempt to be parked at image 1 itself: polling the count alone let the
    // second attempt reach image 1 first on a loaded machine and take the hold (a deadlock).
    await fake.holding;
    expect(await db().tourImage.count({ where: { importId: run.id } })).toBe(1);
    await runTourImport(run.id, deps(fake.client));
    fake.release();
    await slow;
    const finished = await db().tourImport.findUniqueOrThrow({ where: { id: run.id }, include: { images: true } });
    expect(finished.state).toBe("imported");
    expect(finished.images).toHaveLength(2);
    const stored = await Promise.all(finished.images.map((image) => localDriverOfApp().head(image.storageKey)));
    expect(stored.every((head) => head !== null)).toBe(true);
  });

  it("pauses between images at a deadline and ends once across its continuations, each image once", async () => {
    const run = await startImport("paused");
    const fake = provider(6, [], undefined, [1]);
    // What the job's context does at a deadline: here, every second image of an attempt.
    const pauseAfterTwo = () => {
      const from = fake.downloads.length;
      return () => fake.downloads.length >= from + 2;
    };
    const first = await runTourImport(run.id, deps(fake.client), { shouldPause: pauseAfterTwo() });
    // Image 1 is unusable: it is recorded nowhere, so the continuation carries it.
    expect(first).toEqual({ state: "paused", skippedImageIds: ["image-1"] });
    expect(await db().tourImage.count({ where: { importId: run.id } })).toBe(1);
    expect((await db().tourImport.findUniqueOrThrow({ where: { id: run.id } })).state).toBe("importing");

    const second = await runTourImport(run.id, deps(fake.client), {
      shouldPause: pauseAfterTwo(),
      skippedImageIds: first.state === "paused" ? first.skippedImageIds : [],
    });
    expect(second).toEqual({ state: "paused", skippedImageIds: ["image-1"] });
    const third = await runTourImport(run.id, deps(fake.client), { shouldPause: pauseAfterTwo(), skippedImageIds: ["image-1"] });
    expect(third).toEqual({ state: "ended" });

    // Every image downloaded once, the unusable one included; five recorded once each.
    expect(fake.downloads).toEqual([0, 1, 2, 3, 4, 5]);
    const finished = await db().tourImport.findUniqueOrThrow({ where: { id: run.id }, include: { images: true } });
    expect(finished.state).toBe("imported");
    expect(finished.images.map((image) => image.providerImageId).sort()).toEqual([
      "image-0",
      "image-2",
      "image-3",
      "image-4",
      "image-5",
    ]);
    const tour = await db().homeTour.findUniqueOrThrow({ where: { propertyId: run.propertyId } });
    expect(tour.inUseImportId).toBe(run.id);
    // A further job for the ended import does nothing.
    expect(await runTourImport(run.id, deps(fake.client), { shouldPause: () => true })).toEqual({ state: "ended" });
    expect(fake.downloads).toHaveLength(6);
  });

  it(`imports at most ${maxTourImages} images of a tour`, async () => {
    const run = await startImport("many");
    const fake = provider(maxTourImages + 5);
    await runTourImport(run.id, deps(fake.client));
    expect(fake.downloads).toHaveLength(maxTourImages);
    expect(await db().tourImage.count({ where: { importId: run.id } })).toBe(maxTourImages);
  }, 120_000);
});
