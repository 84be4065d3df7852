import "server-only";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { maxPhotosPerImport } from "../baseline-photos/schemas";
import { stagedKey, stagingPrefix } from "../baseline-photos/staging-keys";
import { db } from "../db/client";
import { maxPhotoBytes } from "../fetch/photo-limits";
import { enqueue } from "../queue/enqueue";
import { mediaStorage } from "../media/media-storage";
import { lockHomeImports } from "../properties/home-imports";
import { isUuid } from "../validation/uuid";
import { roleIn } from "./access";
import { ApiError } from "../errors/api-error";
import type { IncomingBody } from "../http/body";

export interface PhotoUploadView {
  importId: string;
  state: "importing" | "imported" | "failed";
  accepted: number;
  stored: number;
  duplicates: number;
  /** By the position of the file in the upload, so the page can name it. */
  failed: { index: number; reason: string }[];
}

/** Multipart framing around 25 files; a body past this is refused before any of it is read. */
const maxBodyBytes = maxPhotosPerImport * (maxPhotoBytes + 64 * 1024);

const notFound = () => new ApiError("not_found", { message: "No such home." });
const importRunning = () =>
  new ApiError("import_in_progress", {
    message: "Photos or a tour are being imported for this home right now. Try again when that has finished.",
  });

/** The home, if the person may add photos to it: owners and managers; viewers only read. */
async function homeForUpload(userId: string, propertyId: string) {
  if (!isUuid(propertyId)) throw notFound();
  const property = await db().property.findUnique({
    where: { id: propertyId },
    select: { id: true, workspaceId: true, workspace: { select: { partnerId: true } } },
  });
  const role = property ? await roleIn(userId, property.workspaceId) : undefined;
  // Without a seat the home reads as unknown, exactly like one that does not exist.
  if (!property || role === undefined) throw notFound();
  if (role === "viewer")
    throw new ApiError("viewer_read_only", { message: "Viewers can read reports but not change a home's setup." });
  return property;
}

interface StagedFiles {
  count: number;
  /** Positions of files cut off at the byte limit: refused as `too_large` without being checked. */
  tooLarge: number[];
}

/**
 * Streams each file of the multipart body into staging as it arrives, one at a time and never
 * whole in memory. Fields are ignored; more than 25 files refuses the upload.
 */
async function stageFiles(body: IncomingBody, importId: string): Promise<StagedFiles> {
  if (!body.stream) throw new ApiError("no_photos", { message: "Choose at least one photo." });
  const contentType = body.contentType;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: maxPhotosPerImport, fileSize: maxPhotoBytes, fields: 10, parts: maxPhotosPerImport + 10 },
    });
  } catch {
    throw new ApiError("invalid_body", { message: "The photos were not sent as a form upload." });
  }
  const storage = mediaStorage();
  const staged: StagedFiles = { count: 0, tooLarge: [] };
  const writes: Promise<void>[] = [];
  let tooMany = false;
  const done = new Promise<void>((resolve, reject) => {
    parser.on("file", (_name, file) => {
      const index = staged.count++;
      file.on("limit", () => staged.tooLarge.push(index));
      writes.push(
        storage.put(stagedKey(importId, index), file, { contentType: "application/octet-stream" }).then(() => undefined),
      );
    });
    parser.on("filesLimit", () => (tooMany = true));
    parser.on("error", reject);
    parser.on("close", resolve);
  });
  const source = Readable.fromWeb(body.stream as NodeReadableStream);
  // A connection that breaks mid-upload fails the parser, and through it the file being written.
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  const parsed = await done.then(
    () => undefined,
    (error: unknown) => error,
  );
  // Every write is waited for, even after a broken form, so none outlives the request.
  const failed = (await Promise.allSettled(writes)).find((result) => result.status === "rejected");
  if (parsed !== undefined) throw new ApiError("invalid_body", { message: "The upload was cut off. Try again." });
  if (failed) throw failed.reason;
  if (tooMany) throw new ApiError("too_many_photos", { message: `Upload at most ${maxPhotosPerImport} photos at a time.` });
  if (staged.count === 0) throw new ApiError("no_photos", { message: "Choose at least one photo." });
  return staged;
}

/**
 * A manager adds photos to a home's baseline: the files are staged, then an import of origin
 * `manager` is created with its job under the home's lock, the same one-import-per-home rule a
 * partner's batch obeys. The job checks each file by the partner photo rules and stores it,
 * so uploads and fetched photos count alike (`setup.baseline_photos`). While it runs, a
 * partner's import is refused without an `import_id` (spec, Errors).
 */
export async function startPhotoUpload(userId: string, propertyId: string, body: IncomingBody): Promise<PhotoUploadView> {
  const property = await homeForUpload(userId, propertyId);
  const length = body.contentLength ?? 0;
  if (length > maxBodyBytes)
    throw new ApiError("too_large", { message: `Upload at most ${maxPhotosPerImport} photos of up to 15 MB each.` });
  // Checked before the body is read, so nobody uploads 300 MB only to be refused; and again under the lock.
  const running = await db().photoImport.count({ where: { propertyId, state: "importing" } });
  const touring = await db().tourImport.count({ where: { propertyId, state: "importing" } });
  if (running + touring > 0) throw importRunning();

  const importId = randomUUID();
  try {
    const staged = await stageFiles(body, importId);
    await db().$transaction(async (tx) => {
      const busy = await lockHomeImports(tx, property.id);
      if (busy.photoImport || busy.tour) throw importRunning();
      await tx.photoImport.create({
        data: {
          id: importId,
          propertyId: property.id,
          origin: "manager",
          uploadedById: userId,
          urls: Array.from({ length: staged.count }, (_unused, index) => stagedKey(importId, index)),
          accepted: staged.count,
        },
      });
      await tx.photoImportPhoto.createMany({
        data: staged.tooLarge.map((index) => ({ importId, index, outcome: "failed" as const, reason: "too_large" })),
      });
      await enqueue("import-baseline", { kind: "photos", importId, partnerId: property.workspace.partnerId }, { tx });
    });
  } catch (error) {
    await mediaStorage()
      .deletePrefix(stagingPrefix(importId))
      .catch(() => undefined);
    throw error;
  }
  return readPhotoUpload(userId, propertyId, importId);
}

/** One upload of the home, as far as it has got; another home's or an unknown id is not found. */
export async function readPhotoUpload(userId: string, propertyId: string, importId: string): Promise<PhotoUploadView> {
  const property = await homeForUpload(userId, propertyId);
  const run = isUuid(importId)
    ? await db().photoImport.findFirst({
        where: { id: importId, propertyId: property.id, origin: "manager" },
        include: { photos: { orderBy: { index: "asc" } } },
      })
    : null;
  if (!run) throw new ApiError("not_found", { message: "No such upload." });
  const count = (outcome: string) => run.photos.filter((photo) => photo.outcome === outcome).length;
  return {
    importId: run.id,
    state: run.state,
    accepted: run.accepted,
    stored: count("stored"),
    duplicates: count("duplicate"),
    failed: run.photos
      .filter((photo) => photo.outcome === "failed")
      .map((photo) => ({ index: photo.index, reason: photo.reason ?? "upload_failed" })),
  };
}
