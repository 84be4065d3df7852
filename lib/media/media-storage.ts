import { config } from "../config";
import { processSingleton } from "../process-state";
import { appSecret } from "../secrets/app-secret";
import { mediaRoot } from "./data-dir-layout";
import { LocalDiskDriver } from "./local-disk-driver";
import { S3Driver } from "./s3-driver";
import type { MediaStorage } from "./storage";

/** The local driver the `/media` route verifies links with, or null when media lives in S3. */
export function localMediaDriver(): LocalDiskDriver | null {
  return processSingleton("local-media-driver", () => {
    const settings = config();
    return settings.MEDIA_DRIVER === "local"
      ? new LocalDiskDriver({ root: mediaRoot(settings.DATA_DIR), secret: appSecret(), baseUrl: settings.APP_URL })
      : null;
  });
}

/** The configured storage, built once per process. */
export function mediaStorage(): MediaStorage {
  return processSingleton("media-storage", () => localMediaDriver() ?? s3Storage());
}

function s3Storage(): MediaStorage {
  const settings = config();
  // lib/config.ts refuses to start with MEDIA_DRIVER=s3 and any of these missing.
  return new S3Driver({
    bucket: settings.S3_BUCKET!,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    accessKeyId: settings.S3_ACCESS_KEY_ID!,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
  });
}
