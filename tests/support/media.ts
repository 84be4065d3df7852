import path from "node:path";
import { LocalDiskDriver } from "../../lib/media/local-disk-driver";
import { appSecretIn } from "../../lib/secrets/app-secret";
import { appUnderTest } from "./app-under-test";

/**
 * A local-disk driver writing where the app under test reads, signing with the app's own
 * secret, so that its links are served by the running app.
 */
export function localDriverOfApp(now?: () => number): LocalDiskDriver {
  const { dataDir, baseUrl } = appUnderTest();
  const secret = process.env.APP_SECRET ? Buffer.from(process.env.APP_SECRET, "utf8") : appSecretIn(dataDir);
  return new LocalDiskDriver({ root: path.join(dataDir, "media"), secret, baseUrl, now });
}
