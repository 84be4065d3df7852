import { describe, expect, it } from "vitest";
import { operations } from "../../lib/partner-api";
import { securityCaseGaps } from "../support/security";

describe("the generated security cases", () => {
  it("have a call for every partner API operation, and none for an operation that is gone", () => {
    expect(securityCaseGaps(operations)).toEqual({ missing: [], unknown: [] });
  });

  it("name an operation that has no call, and a call whose operation is gone", () => {
    const added = { method: "POST" as const, path: "/v1/new-operation" };
    const [, ...rest] = operations;
    expect(securityCaseGaps([...rest, added])).toEqual({ missing: ["POST /v1/new-operation"], unknown: ["POST /v1/workspaces"] });
  });
});
