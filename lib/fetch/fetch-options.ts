import type { SecureContextOptions } from "node:tls";
import { config } from "../config";
import { fetchTempDir } from "../media/data-dir-layout";
import { isPublicAddress } from "./address-policy";
import { fetchResolver, resolveAddresses } from "./dns-resolve";

/** Where one attempt is about to connect: reported to `observeConnect` before dialling. */
export interface ConnectTarget {
  hostname: string;
  address: string;
  port: number;
}

/**
 * How the fetchers reach the network, so tests can serve real HTTPS from a local server.
 * Production code passes `defaultFetchOptions()` (or a caller's wrapper of it) unchanged; there is
 * deliberately no environment variable or config flag behind any of these, so nothing outside
 * code can relax the rules.
 */
export interface FetchOptions {
  /** Every address of a host name; may throw. Called at most once per host per fetch. */
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
  /** Where bodies are spooled while they are checked. */
  tempDir: string;
  /** Sees every connection before it is opened; for tests that prove where the fetcher went. */
  observeConnect?: (target: ConnectTarget) => void;
}

export function defaultFetchOptions(): FetchOptions {
  return {
    resolve: (hostname) => resolveAddresses(fetchResolver(), hostname),
    isAllowedAddress: isPublicAddress,
    tls: {},
    httpsPort: 443,
    // Under DATA_DIR, where the operator provides disk, and swept at start after a crash.
    tempDir: fetchTempDir(config().DATA_DIR),
  };
}
