import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { giveUpPhotoImport } from "../../lib/baseline-photos/run-photo-import";
import { db } from "../../lib/db/client";
import type { PhotoUploadView } from "../../lib/people/upload-photos";
import { expectError } from "../support/api";
import { signInByMail } from "../support/sign-in";
import { type SmtpReceiver } from "../support/smtp-receiver";
import { until } from "../support/until";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { postPhotos, readPhotoImport, workspaceWithHomes } from "../fixtures/baseline-photos";
import { listAll } from "../fixtures/roster";
import { putTour, shareLink, newModelId } from "../fixtures/tours";
import { useApp } from "../support/use-app";

/*
 * Property managers adding baseline photos from their home page (lib/people/upload-photos.ts):
 * real multipart uploads over HTTP with a session from a mailed link, the app's own worker
 * checking and storing them, and the partner API seeing them in `setup.baseline_photos` and
 * refusing its own imports while one runs (spec, Errors: no `import_id` for a manager's).
 */

let smtp: SmtpReceiver;
let env: Record<string, string>;
let partner: TestPartner;
let home: Awaited<ReturnType<typeof workspaceWithHomes>>;
const people: Record<"manager" | "viewer" | "stranger", { email: string; cookie: string }> = {} as never;

/** Half of a noisy JPEG: its header reads fine, its picture does not decode. */
const cutOffJpeg = async () =>
  (
    await sharp({
      create: { width: 400, height: 300, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 30 } },
    })
      .jpeg()
      .toBuffer()
  ).subarray(0, 20_000);
const jpeg = (red: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: red, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

const app = useApp({ fakes: ["smtp"], appUrl: true, database: "uploads" });

beforeAll(async () => {
  ({ smtp, env } = app);
  partner = await createTestPartner();
  home = await workspaceWithHomes(partner.apiKey, partner.partnerId, "uploads", ["villa-1", "villa-2", "villa-3"]);
  const elsewhere = await workspaceWithHomes(partner.apiKey, partner.partnerId, "elsewhere", ["cabin-1"]);
  for (const [role, workspace] of [
    ["manager", home.workspace],
    ["viewer", home.workspace],
    ["stranger", elsewhere.workspace],
  ] as const) {
    const email = `${role}-${randomBytes(4).toString("hex")}@harbour-homes.com`;
    const user = await db().user.create({ data: { email } });
    await db().seat.create({
      data: { workspaceId: workspace.id, userId: user.id, role: role === "viewer" ? "viewer" : "manager" },
    });
    people[role] = { email, cookie: await signInByMail({ baseUrl: app.baseUrl, appUrl: env.APP_URL!, smtp }, email) };
  }
});

interface Upload {
  status: number;
  body: PhotoUploadView & { error?: { code: string; message: string } };
}

async function upload(
  propertyId: string,
  files: { name: string; bytes: Buffer; type?: string }[],
  options: { cookie?: string; origin?: string } = {},
): Promise<Upload> {
  const form = new FormData();
  for (const file of files)
    form.append("photos", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }), file.name);
  const response = await fetch(new URL(`/api/properties/${propertyId}/baseline-photos`, app.baseUrl), {
    method: "POST",
    headers: { origin: options.origin ?? env.APP_URL!, ...(options.cookie === undefined ? {} : { cookie: options.cookie }) },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Upload["body"] };
}

async function waitForUpload(propertyId: string, importId: string, cookie: string): Promise<PhotoUploadView> {
  return until(
    `upload ${importId} to end`,
    async () => {
      const response = await fetch(new URL(`/api/properties/${propertyId}/baseline-photos/${importId}`, app.baseUrl), {
        headers: { cookie },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as PhotoUploadView;
      return body.state === "importing" ? undefined : body;
    },
    30_000,
  );
}

async function setupOf(externalId: string) {
  const found = (await listAll(partner.apiKey, home.workspaceId)).find((property) => property.property_id === externalId);
  return found?.setup as { baseline_photos: { count: number; state: string } };
}

describe("a manager's photo upload", () => {
  it("checks every file by the partner photo rules, stores the good ones, and the partner API counts them", async () => {
    const villa = await home.property("villa-1");
    const red = await jpeg(200);
    const started = await upload(
      villa.id,
      [
        { name: "kitchen.jpg", bytes: red },
        { name: "kitchen-copy.jpg", bytes: red },
        { name: "notes.jpg", bytes: Buffer.from("not a picture at all") },
        { name: "cut-off.jpg", bytes: await cutOffJpeg() },
        {
          name: "living.png",
          bytes: await sharp({ create: { width: 20, height: 20, channels: 3, background: "#345678" } })
            .png()
            .toBuffer(),
          type: "image/png",
        },
      ],
      { cookie: people.manager.cookie },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ state: "importing", accepted: 5 });

    const ended = await waitForUpload(villa.id, started.body.importId, people.manager.cookie);
    expect(ended).toEqual({
      importId: started.body.importId,
      state: "imported",
      accepted: 5,
      stored: 2,
      duplicates: 1,
      failed: [
        { index: 2, reason: "unsupported_content_type" },
        { index: 3, reason: "content_mismatch" },
      ],
    });
    expect(await setupOf("villa-1")).toEqual(expect.objectContaining({ baseline_photos: { count: 2, state: "imported" } }));
    const photos = await db().baselinePhoto.findMany({ where: { propertyId: villa.id } });
    expect(photos.map((photo) => [photo.source, photo.contentType]).sort()).toEqual([
      ["manager_upload", "image/jpeg"],
      ["manager_upload", "image/png"],
    ]);
    const run = await db().photoImport.findUniqueOrThrow({ where: { id: started.body.importId } });
    expect(run).toMatchObject({ origin: "manager", uploadedById: expect.any(String) });
    // The staged files are gone once their outcomes are recorded.
    expect(existsSync(path.join(app.dataDir, "media", "baseline-uploads", started.body.importId))).toBe(false);
    // The partner cannot read a manager's upload: it answers like an unknown id.
    expectError(await readPhotoImport(partner.apiKey, home.workspaceId, "villa-1", started.body.importId), 404, "not_found");

    // Sent again later, the same picture adds nothing: one baseline, whatever brought it.
    const again = await upload(villa.id, [{ name: "kitchen.jpg", bytes: red }], { cookie: people.manager.cookie });
    expect((await waitForUpload(villa.id, again.body.importId, people.manager.cookie)).duplicates).toBe(1);
  });

  it("refuses a file over 15 MB as too_large and stores the rest", async () => {
    const villa = await home.property("villa-2");
    const huge = Buffer.concat([await jpeg(10), randomBytes(15 * 1024 * 1024)]);
    const started = await upload(
      villa.id,
      [
        { name: "huge.jpg", bytes: huge },
        { name: "small.jpg", bytes: await jpeg(30) },
      ],
      { cookie: people.manager.cookie },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const ended = await waitForUpload(villa.id, started.body.importId, people.manager.cookie);
    expect(ended).toMatchObject({
      state: "imported",
      accepted: 2,
      stored: 1,
      duplicates: 0,
      failed: [{ index: 0, reason: "too_large" }],
    });
  });

  it("is refused to viewers, to people without a seat there, without a session, from another site, and beyond 25 files", async () => {
    const villa = await home.property("villa-3");
    const one = [{ name: "a.jpg", bytes: await jpeg(50) }];
    const viewer = await upload(villa.id, one, { cookie: people.viewer.cookie });
    expect([viewer.status, viewer.body.error?.code]).toEqual([403, "viewer_read_only"]);
    const stranger = await upload(villa.id, one, { cookie: people.stranger.cookie });
    const unknown = await upload(randomUUID(), one, { cookie: people.manager.cookie });
    // Another workspace's home reads exactly like one that does not exist.
    expect([stranger.status, stranger.body]).toEqual([404, unknown.body]);
    expect((await upload(villa.id, one)).status).toBe(401);
    const crossSite = await upload(villa.id, one, { cookie: people.manager.cookie, origin: "https://evil.example.com" });
    expect([crossSite.status, crossSite.body.error?.code]).toEqual([403, "forbidden"]);
    const many = await upload(
      villa.id,
      Array.from({ length: 26 }, (_unused, index) => ({ name: `${index}.jpg`, bytes: one[0]!.bytes })),
      { cookie: people.manager.cookie },
    );
    expect([many.status, many.body.error?.code]).toEqual([400, "too_many_photos"]);
    const none = await upload(villa.id, [], { cookie: people.manager.cookie });
    expect([none.status, none.body.error?.code]).toEqual([400, "no_photos"]);
    // Nothing of any refusal was kept.
    expect(await db().photoImport.count({ where: { propertyId: villa.id } })).toBe(0);
    const staging = path.join(app.dataDir, "media", "baseline-uploads");
    expect(existsSync(staging) ? await readdir(staging) : []).toEqual([]);
  });
});

describe("one import per home, a manager's included", () => {
  it("a manager's running upload refuses the partner's photos and tour with 409 baseline_import_in_progress and no import_id", async () => {
    const villa = await home.property("villa-3");
    const manager = await db().user.findUniqueOrThrow({ where: { email: people.manager.email } });
    // A manager's upload caught mid-run: the row the upload creates, before its job has ended it.
    const running = await db().photoImport.create({
      data: { propertyId: villa.id, origin: "manager", uploadedById: manager.id, urls: ["baseline-uploads/x/0"], accepted: 1 },
    });

    const photos = expectError(
      await postPhotos(partner.apiKey, home.workspaceId, "villa-3", { photos: [{ url: "https://photos.example.com/a.jpg" }] }),
      409,
      "baseline_import_in_progress",
    );
    expect(photos).not.toHaveProperty("detail");
    const tour = expectError(
      await putTour(partner.apiKey, home.workspaceId, "villa-3", { url: shareLink(newModelId()) }),
      409,
      "baseline_import_in_progress",
    );
    expect(tour).not.toHaveProperty("detail");
    expect((await setupOf("villa-3")).baseline_photos.state).toBe("importing");
    expectError(await readPhotoImport(partner.apiKey, home.workspaceId, "villa-3", running.id), 404, "not_found");

    // And the reverse: the manager is told to wait while anything imports for the home.
    const blocked = await upload(villa.id, [{ name: "a.jpg", bytes: await jpeg(70) }], { cookie: people.manager.cookie });
    expect([blocked.status, blocked.body.error?.code]).toEqual([409, "import_in_progress"]);

    // Given up (its job ran out of attempts): every file unreported is refused, and the partner may import again.
    await giveUpPhotoImport(running.id);
    const ended = await db().photoImport.findUniqueOrThrow({ where: { id: running.id }, include: { photos: true } });
    expect(ended).toMatchObject({ state: "failed", photos: [{ index: 0, outcome: "failed", reason: "upload_failed" }] });
    const accepted = await postPhotos(partner.apiKey, home.workspaceId, "villa-3", {
      photos: [{ url: "https://127.0.0.1/a.jpg" }],
    });
    expect(accepted.status, accepted.text).toBe(202);
  });
});
