import { config } from "../config";
import { appSecret } from "../secrets/app-secret";
import { mediaRoot, mediaSpoolDir } from "./data-dir-layout";
import { LocalDiskDriver } from "./local-disk-driver";
import { S3Driver } from "./s3-driver";
import type { MediaStorage } from "./storage";

let cached: MediaStorage | undefined;
let cachedLocal: LocalDiskDriver | null | undefined;

/** The local driver the `/media` route verifies links with, or null when media lives in S3. */
export function localMediaDriver(): LocalDiskDriver | null {
  if (cachedLocal !== undefined) return cachedLocal;
  const settings = config();
  cachedLocal =
    settings.MEDIA_DRIVER === "local"
      ? new LocalDiskDriver({ root: mediaRoot(settings.DATA_DIR), secret: appSecret(), baseUrl: settings.APP_URL })
      : null;
  return cachedLocal;
}

/** The configured storage, built once per process. */
export function mediaStorage(): MediaStorage {
  if (cached) return cached;
  const settings = config();
  if (settings.MEDIA_DRIVER === "local") {
    cached = localMediaDriver()!;
    return cached;
  }
  // lib/config.ts refuses to start with MEDIA_DRIVER=s3 and any of these missing.
  cached = new S3Driver({
    bucket: settings.S3_BUCKET!,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    accessKeyId: settings.S3_ACCESS_KEY_ID!,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    // DATA_DIR is where the operator provides disk; /tmp may be small or memory-backed.
    spoolDir: mediaSpoolDir(settings.DATA_DIR),
  });
  return cached;
}
