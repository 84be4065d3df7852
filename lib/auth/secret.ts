import "server-only";
import { createHash } from "node:crypto";
import { derivedKey } from "../secrets/derived-key";

/** next-auth's secret, derived from APP_SECRET like every other key, so no second secret to set. */
export const authSecret = () => derivedKey("next-auth").toString("base64url");

/** How next-auth stores an email link's token (core/lib/utils.js hashToken), for links we make ourselves. */
export const hashLinkToken = (token: string) => createHash("sha256").update(`${token}${authSecret()}`).digest("hex");
