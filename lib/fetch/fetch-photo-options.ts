import dns from "node:dns";
import type { SecureContextOptions } from "node:tls";
import { config } from "../config";
import { fetchTempDir } from "../media/data-dir-layout";
import { isPublicAddress } from "./address-policy";

/** Where one attempt is about to connect: reported to `observeConnect` before dialling. */
export interface ConnectTarget {
  hostname: string;
  address: string;
  port: number;
}

/**
 * What the fetcher depends on, so tests can serve real HTTPS from a local server. Production
 * code passes `defaultFetchPhotoOptions()` unchanged; there is deliberately no environment
 * variable or config flag behind any of these, so nothing outside code can relax the rules.
 */
export interface FetchPhotoOptions {
  /** Every address of a host name; may throw. Called at most once per host per photo. */
  resolve: (hostname: string) => Promise<string[]>;
  /** The connection policy: true only for an address the service may connect to. */
  isAllowedAddress: (address: string) => boolean;
  /** Extra TLS trust (tests add their self-signed CA). Certificates are always verified. */
  tls: Pick<SecureContextOptions, "ca">;
  /**
   * TCP port dialled for an https URL. URLs must use the default port whatever this says;
   * tests point it at their local server. It cannot widen which addresses are reached.
   */
  httpsPort: number;
  /** The whole photo, redirects and body included (spec: 20 seconds per photo). */
  deadlineMs: number;
  /** Where the body is spooled while it is checked. */
  tempDir: string;
  /** Sees every connection before it is opened; for tests that prove where the fetcher went. */
  observeConnect?: (target: ConnectTarget) => void;
}

async function resolveAll(hostname: string): Promise<string[]> {
  // verbatim: keep the resolver's order and every family; all of them are checked.
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

export function defaultFetchPhotoOptions(): FetchPhotoOptions {
  return {
    resolve: resolveAll,
    isAllowedAddress: isPublicAddress,
    tls: {},
    httpsPort: 443,
    deadlineMs: 20_000,
    // Under DATA_DIR, where the operator provides disk, and swept at start after a crash.
    tempDir: fetchTempDir(config().DATA_DIR),
  };
}
