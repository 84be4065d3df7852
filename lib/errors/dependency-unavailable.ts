/*
 * Whether a failure is a dependency being away (PostgreSQL restarting, the object store down, a
 * connection cut) rather than a fault of the request or the code. Those are answered `503` with
 * `Retry-After` (lib/http/route-handlers.ts), waited out by the workers (lib/jobs/end-job.ts) and
 * never end the process (lib/errors/outage-guard.ts). Drivers wrap the network error differently
 * (pg throws it as is, Prisma's adapter and the AWS SDK put it under `cause`), so the chain is
 * walked.
 */

// Node's socket errors: the peer is not there, went away, or did not answer.
const networkCodes: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

// PostgreSQL's: shutting down or starting (57P01-57P03), too many connections (53300), and the
// connection exception class 08.
const postgresCodes: ReadonlySet<string> = new Set(["57P01", "57P02", "57P03", "53300"]);

// pg's own errors carry no code.
const lostConnectionMessages = [
  /^Connection terminated/,
  /^Client has encountered a connection error/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
  /^connect ECONNREFUSED/,
];

// Prisma's: the server closed the connection or could not be reached (P1001, P1002, P1017), and
// its driver adapter's own kinds for the same, which it keeps under `meta` rather than `cause`.
const prismaCodes: ReadonlySet<string> = new Set(["P1001", "P1002", "P1017"]);
const adapterKinds: ReadonlySet<string> = new Set([
  "ConnectionClosed",
  "DatabaseNotReachable",
  "SocketTimeout",
  "TooManyConnections",
]);
// A transaction that found no connection in time: the pool is waiting on a database that came
// back moments ago or is swamped (P2028 also names a transaction's own timeout, which is not this).
const noConnectionInTime = /Unable to start a transaction in the given time/;

function prismaSaysUnavailable(value: object, code: string | undefined, message: unknown): boolean {
  if (code && prismaCodes.has(code)) return true;
  if (code === "P2028" && typeof message === "string" && noConnectionInTime.test(message)) return true;
  const kind = (value as { meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } }).meta?.driverAdapterError?.cause
    ?.kind;
  return typeof kind === "string" && adapterKinds.has(kind);
}

function codeOf(value: object): string | undefined {
  const code = (value as { code?: unknown }).code ?? (value as { originalCode?: unknown }).originalCode;
  return typeof code === "string" ? code : undefined;
}

export function isDependencyUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === "object" && current !== null; depth++) {
    const code = codeOf(current);
    if (code && (networkCodes.has(code) || postgresCodes.has(code) || code.startsWith("08"))) return true;
    const message = (current as { message?: unknown }).message;
    if (prismaSaysUnavailable(current, code, message)) return true;
    if (typeof message === "string" && lostConnectionMessages.some((pattern) => pattern.test(message))) return true;
    // AggregateError (a connect to each address of a host refused) holds the socket errors in `errors`.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDependencyUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
