import { describe, expect, it } from "vitest";
import { Prisma } from "../../lib/generated/prisma/client";
import { isDependencyUnavailable } from "../../lib/errors/dependency-unavailable";

/*
 * What the soak (bench/soak) saw a web answer 500 to, while PostgreSQL was stopped and just after:
 * Prisma's own errors for a connection the server closed (P1017, the adapter's ConnectionClosed
 * kept under `meta`) and for a transaction that found no connection in time (P2028). Those are a
 * dependency away, answered 503 with Retry-After like pg's own errors.
 */

const known = (message: string, code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: "7.10.0", meta });

describe("isDependencyUnavailable", () => {
  it("takes Prisma's closed or unreachable server as the database away", () => {
    const closed = known("Invalid `prisma.workspace.findUnique()` invocation:\n\nServer has closed the connection.", "P1017", {
      modelName: "Workspace",
      driverAdapterError: { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } },
    });
    expect(isDependencyUnavailable(closed)).toBe(true);
    expect(isDependencyUnavailable(known("Can't reach database server", "P1001"))).toBe(true);
    const adapterOnly = known("a query failed", "P2010", { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } });
    expect(isDependencyUnavailable(adapterOnly)).toBe(true);
  });

  it("takes a transaction that found no connection in time as the database away, and no other P2028", () => {
    expect(
      isDependencyUnavailable(known("Transaction API error: Unable to start a transaction in the given time.", "P2028")),
    ).toBe(true);
    expect(
      isDependencyUnavailable(
        known("Transaction API error: Transaction already closed: the timeout for this transaction was 5000 ms.", "P2028"),
      ),
    ).toBe(false);
  });

  it("leaves the request's and the code's own errors alone", () => {
    expect(
      isDependencyUnavailable(
        known("Unique constraint failed", "P2002", { driverAdapterError: { cause: { kind: "UniqueConstraintViolation" } } }),
      ),
    ).toBe(false);
    expect(isDependencyUnavailable(new Error("boom"))).toBe(false);
  });
});
