import "server-only";
import { isIP } from "node:net";

/*
 * An address we can send to: one `@`, a local part of printable characters without quotes, and a
 * domain name (never an IP literal) of LDH labels under an alphabetic top-level domain that is not
 * reserved for tests, examples or local use (RFC 2606, RFC 6761). Stored lower-cased: mailbox
 * providers treat addresses case-insensitively, and one person must get one seat however their
 * address was typed.
 */

const reservedTopLevel: ReadonlySet<string> = new Set([
  "test",
  "example",
  "invalid",
  "localhost",
  "local",
  "internal",
  "home",
  "lan",
  "arpa",
  "onion",
]);
const reservedDomains: ReadonlySet<string> = new Set(["example.com", "example.net", "example.org"]);
const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const localPart = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/;

/** The address, trimmed and lower-cased, or undefined when it cannot be sent to. */
export function deliverableEmail(input: string): string | undefined {
  const address = input.normalize("NFKC").trim().toLowerCase();
  if (address.length > 254) return undefined;
  const at = address.lastIndexOf("@");
  if (at <= 0 || address.indexOf("@") !== at) return undefined;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1).replace(/\.$/, "");
  if (!localPart.test(local) || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return undefined;
  if (domain.startsWith("[") || isIP(domain) !== 0) return undefined;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((part) => label.test(part))) return undefined;
  const topLevel = labels[labels.length - 1]!;
  if (!/^[a-z]{2,63}$/.test(topLevel) || reservedTopLevel.has(topLevel)) return undefined;
  if (reservedDomains.has(labels.slice(-2).join("."))) return undefined;
  return `${local}@${domain}`;
}
