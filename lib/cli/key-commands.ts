import "server-only";
import { looksLikeApiKey } from "../partners/api-key-secret";
import { issueApiKey } from "../partners/issue-api-key";
import { type ApiKeySummary, listApiKeys } from "../partners/list-api-keys";
import { revokeApiKey } from "../partners/revoke-api-key";
import { isUuid } from "../validation/uuid";
import { defaultKeyScopes, type KeyScope, keyScopes, maxActiveKeys } from "../partners/scopes";
import { type Command, InvalidArgumentError, type OptionValues, partnerOption, requiredOption } from "./command";
import { isoTime, table } from "./output";
import { keyNameMaxLength } from "../partners/key-name";

function isKeyScope(value: string): value is KeyScope {
  return (keyScopes as readonly string[]).includes(value);
}

/** A comma-separated list, deduplicated and put in the canonical order of lib/partners/scopes.ts. */
function scopesOption(options: OptionValues): KeyScope[] {
  if (options.scopes === undefined) return defaultKeyScopes;
  const named = options.scopes
    .split(",")
    .map((scope) => scope.trim())
    .filter((scope) => scope !== "");
  if (named.length === 0) throw new InvalidArgumentError(`--scopes needs at least one of: ${keyScopes.join(", ")}.`);
  const unknown = named.filter((scope) => !isKeyScope(scope));
  if (unknown.length > 0) {
    const listed = unknown.map((scope) => `"${scope}"`).join(", ");
    throw new InvalidArgumentError(`Unknown scope ${listed}; valid scopes: ${keyScopes.join(", ")}.`);
  }
  return keyScopes.filter((scope) => named.includes(scope));
}

// The value is never echoed: a mistyped key is still mostly a secret.
function keyOption(options: OptionValues): string {
  const value = requiredOption(options, "key").trim();
  if (looksLikeApiKey(value)) return value;
  if (isUuid(value)) return value.toLowerCase();
  throw new InvalidArgumentError("--key must be a key id (a UUID) or a whole API key (service_pk_...).");
}

const defaultScopes = defaultKeyScopes.join(",");

/** How every listing names a key's kind: "live" or "sandbox". */
const keyMode = (sandbox: boolean) => (sandbox ? "sandbox" : "live");

const create: Command = {
  name: "key create",
  args: "--partner <id> [--scopes <scope,...>] [--name <text>] [--sandbox]",
  summary:
    `issue another key (at most ${maxActiveKeys} active live and ${maxActiveKeys} sandbox; ` +
    `scopes ${keyScopes.join(", ")}; default ${defaultScopes}); --sandbox: a key for sandbox workspaces only`,
  options: ["partner", "scopes", "name"],
  flags: ["sandbox"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const scopes = scopesOption(options);
    const sandbox = options.sandbox === "true";
    const name = (options.name ?? "").trim();
    // The console's own limit (lib/consoles/schemas.ts keyName), so a key named here edits there.
    if (name.length > keyNameMaxLength) throw new InvalidArgumentError(`--name must be at most ${keyNameMaxLength} characters.`);
    return async () => {
      const { keyId, apiKey } = await issueApiKey(partnerId, scopes, { sandbox, name });
      return {
        json: { key_id: keyId, api_key: apiKey },
        text: [
          `Issued ${sandbox ? "sandbox" : "live"} key ${keyId} for partner ${partnerId} (scopes ${scopes.join(", ")}).`,
          "The API key is shown only this once; store it now:",
          apiKey,
        ].join("\n"),
      };
    };
  },
};

const keyJson = (key: ApiKeySummary) => ({
  key_id: key.keyId,
  hint: key.hint,
  status: key.status,
  mode: keyMode(key.sandbox),
  ...(key.name && { name: key.name }),
  scopes: key.scopes,
  created_at: isoTime(key.createdAt),
  ...(key.revokedAt && { revoked_at: isoTime(key.revokedAt) }),
  ...(key.lastUsedAt && { last_used_at: isoTime(key.lastUsedAt) }),
});

const list: Command = {
  name: "key list",
  args: "--partner <id>",
  summary: "a partner's keys, newest first (hint only, never the secret)",
  options: ["partner"],
  prepare(options) {
    const partnerId = partnerOption(options);
    return async () => {
      const keys = await listApiKeys(partnerId);
      const rows = keys.map((key) => [
        key.keyId,
        key.hint,
        key.status,
        keyMode(key.sandbox),
        key.scopes.join(","),
        isoTime(key.createdAt),
        key.lastUsedAt ? isoTime(key.lastUsedAt) : "-",
        key.revokedAt ? isoTime(key.revokedAt) : "-",
      ]);
      return {
        json: { keys: keys.map(keyJson) },
        text:
          keys.length === 0
            ? `Partner ${partnerId} has no keys.`
            : table(["KEY ID", "HINT", "STATUS", "MODE", "SCOPES", "CREATED", "LAST USED", "REVOKED"], rows),
      };
    };
  },
};

const revoke: Command = {
  name: "key revoke",
  args: "--key <key_id or api_key>",
  summary: "revoke a key; from then on it answers 403 key_revoked",
  options: ["key"],
  prepare(options) {
    const key = keyOption(options);
    return async () => {
      const { keyId, partnerId } = await revokeApiKey(key);
      return {
        json: { key_id: keyId, partner_id: partnerId, status: "revoked" },
        text: `Key ${keyId} of partner ${partnerId} is revoked.`,
      };
    };
  },
};

export const keyCommands: Command[] = [create, list, revoke];
