import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../../lib/errors/api-error";
import { formatPath, parseOrThrow } from "../../lib/http/validation";
import { requiredText } from "../../lib/validation/text";

function refusal(schema: z.ZodType, input: unknown) {
  try {
    parseOrThrow(schema, input);
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error("expected a refusal");
}

const item = z.strictObject({ name: requiredText(10), address: z.strictObject({ city: requiredText(5) }) });
const body = z.strictObject({ properties: z.array(item) });

describe("parseOrThrow", () => {
  it("names a missing, null or blank field as missing_parameter", () => {
    expect(refusal(body, {})).toEqual({ code: "missing_parameter", detail: { parameter: "properties" } });
    expect(refusal(body, { properties: null })).toMatchObject({ code: "missing_parameter" });
    expect(refusal(body, { properties: [{ name: "  ", address: { city: "x" } }] })).toEqual({
      code: "missing_parameter",
      detail: { parameter: "properties[0].name", index: 0 },
    });
  });

  it("names the nested field and the item index for an invalid value", () => {
    const input = {
      properties: [
        { name: "ok", address: { city: "x" } },
        { name: "ok", address: { city: "toolong" } },
      ],
    };
    expect(refusal(body, input)).toEqual({
      code: "invalid_request",
      detail: { parameter: "properties[1].address.city", index: 1 },
    });
  });

  it("names an unknown field with its path", () => {
    const input = { properties: [{ name: "ok", address: { city: "x", zip: "1" } }] };
    expect(refusal(body, input)).toEqual({
      code: "invalid_request",
      detail: { parameter: "properties[0].address.zip", index: 0 },
    });
  });

  it("counts code points, not UTF-16 units", () => {
    expect(parseOrThrow(requiredText(3), "🏠🏠🏠")).toBe("🏠🏠🏠");
    expect(refusal(requiredText(3), "🏠🏠🏠🏠")).toMatchObject({ code: "invalid_request" });
  });

  it("formats paths the way detail.parameter shows them", () => {
    expect(formatPath(["properties", 3, "address", "line1"])).toBe("properties[3].address.line1");
    expect(formatPath([])).toBe("");
  });
});
