import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/errors/api-error";
import { pathParams, queryParams } from "../../lib/http/path-params";

describe("pathParams", () => {
  it("decodes an encoded id exactly once, keeping / ? # % inside it", () => {
    const url = "http://x/v1/workspaces/acme%2Feast%20wing%3F%23%25";
    expect(pathParams("/v1/workspaces/{workspace_id}", url)).toEqual({ workspace_id: "acme/east wing?#%" });
    expect(pathParams("/v1/workspaces/{workspace_id}", "http://x/v1/workspaces/a%2525")).toEqual({
      workspace_id: "a%25",
    });
  });

  it("refuses a segment that is not valid percent-encoding", () => {
    expect(() => pathParams("/v1/workspaces/{workspace_id}", "http://x/v1/workspaces/%E0%A4%A")).toThrow(ApiError);
  });
});

describe("queryParams", () => {
  it("keeps the first value of a repeated parameter", () => {
    expect(queryParams("http://x/?a=1&b=2&a=3")).toEqual({ a: "1", b: "2" });
  });
});
