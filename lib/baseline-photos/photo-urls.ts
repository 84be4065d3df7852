import "server-only";
import { z } from "zod";

const storedUrls = z.array(z.string());

/** The `urls` JSON of an import, checked: a row written by hand must fail loudly, not serve junk. */
export function photoUrls(json: unknown): string[] {
  return storedUrls.parse(json);
}
