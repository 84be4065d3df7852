import "server-only";
import { fileTypeFromFile } from "file-type";
import { checkImage, photoContentTypes, type PhotoContentType } from "../fetch/check-image";
import { type FetchedPhoto, maxPhotoBytes } from "../fetch/fetch-photo";
import { FetchRefusal } from "../fetch/fetch-refusal";
import { saveBody } from "../fetch/save-body";
import type { MediaStorage } from "../media/storage";
import type { PhotoImportReason } from "./schemas";

function isPhotoType(mime: string | undefined): mime is PhotoContentType {
  return (photoContentTypes as readonly string[]).includes(mime ?? "");
}

/**
 * A staged upload, checked by the rules a partner's photo is fetched under: JPEG, PNG or WebP
 * by its bytes (a browser's declared type is not trusted), up to 15 MB and 100 megapixels, every
 * byte decoding. Spooled to a temp file like a fetched photo, so the rest of the import treats
 * both alike; the caller disposes it. Never throws for a bad file: that is the photo's refusal.
 */
export async function loadStagedPhoto(
  key: string,
  storage: MediaStorage,
  tempDir: string,
): Promise<FetchedPhoto | { ok: false; reason: PhotoImportReason }> {
  const object = await storage.get(key);
  if (!object) return { ok: false, reason: "upload_failed" };
  let saved;
  try {
    saved = await saveBody(object.body, tempDir, maxPhotoBytes);
  } catch (error) {
    return { ok: false, reason: error instanceof FetchRefusal ? error.reason : "fetch_failed" };
  }
  try {
    const sniffed = (await fileTypeFromFile(saved.path))?.mime;
    if (!isPhotoType(sniffed)) throw new FetchRefusal("unsupported_content_type", `bytes are ${sniffed ?? "unknown"}`);
    const { width, height } = await checkImage(saved.path, sniffed);
    return { ok: true, ...saved, contentType: sniffed, width, height };
  } catch (error) {
    await saved.dispose();
    return { ok: false, reason: error instanceof FetchRefusal ? error.reason : "fetch_failed" };
  }
}
