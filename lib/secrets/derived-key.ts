import { hkdfSync } from "node:crypto";
import { processSingleton } from "../process-state";
import { appSecret } from "./app-secret";

/**
 * A key for one purpose, derived from the app secret with HKDF (as media links and stored-secret
 * encryption derive theirs), so that no signature made for one purpose verifies for another and
 * the app secret itself never signs anything.
 */
export function derivedKey(purpose: string): Buffer {
  return processSingleton(`derived-key:${purpose}`, () =>
    Buffer.from(hkdfSync("sha256", appSecret(), "walkthrough-derived-key", `v1:${purpose}`, 32)),
  );
}
