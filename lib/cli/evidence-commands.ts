import "server-only";
import { readFile } from "node:fs/promises";
import type { JWK } from "jose";
import { config } from "../config";
import { jwksPath } from "../evidence/jwks";
import { readRecordingRecord, verifyPacket } from "../evidence/verify-packet";
import { type Command, InvalidArgumentError } from "./command";

/** The published keys: a file given with --jwks, else the server's (--server, else APP_URL). */
async function loadJwks(file: string | undefined, server: string | undefined): Promise<{ keys: JWK[]; from: string }> {
  if (file !== undefined) {
    const parsed = JSON.parse(
      await readFile(file, "utf8").catch(() => {
        throw new InvalidArgumentError(`--jwks ${file} cannot be read.`);
      }),
    ) as { keys?: JWK[] };
    if (!Array.isArray(parsed.keys)) throw new InvalidArgumentError(`--jwks ${file} is not a JWKS ({"keys": [...]}).`);
    return { keys: parsed.keys, from: file };
  }
  const url = `${(server ?? config().APP_URL).replace(/\/+$/, "")}${jwksPath}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { keys: ((await response.json()) as { keys: JWK[] }).keys, from: url };
}

const verify: Command = {
  name: "evidence verify",
  args: "<packet.zip> [--jwks <jwks.json> | --server <url>] [--previous <record.jws | packet.zip>] [--tsa-ca <ca.pem>]",
  summary:
    "checks an evidence packet: signatures against the published keys, every file's hash (each uploaded part too), the chain link",
  options: ["jwks", "server", "previous", "tsa-ca"],
  positionals: ["packet.zip"],
  needsDatabase: false,
  prepare(options) {
    const packet = options["packet.zip"]!;
    if (options.jwks !== undefined && options.server !== undefined) {
      throw new InvalidArgumentError("Give --jwks or --server, not both.");
    }
    return async () => {
      const jwks = await loadJwks(options.jwks, options.server);
      const previousRecord = options.previous === undefined ? undefined : await readRecordingRecord(options.previous);
      const checks = await verifyPacket(packet, { jwks, previousRecord, tsaCaFile: options["tsa-ca"] });
      const failed = checks.filter((check) => !check.ok);
      const lines = checks.map((check) => `${check.ok ? "holds " : "FAILS "} ${check.subject}: ${check.detail}`);
      const verdict =
        failed.length === 0
          ? `Everything holds (${checks.length} checks; keys from ${jwks.from}).`
          : `${failed.length} of ${checks.length} checks fail: ${failed.map((check) => check.subject).join(", ")}.`;
      return {
        json: { ok: failed.length === 0, jwks: jwks.from, checks },
        text: [...lines, verdict].join("\n"),
        exitCode: failed.length === 0 ? 0 : 1,
      };
    };
  },
};

export const evidenceCommands: Command[] = [verify];
