import { describe, expect, it } from "vitest";
import { returnUrlWithResult } from "../../lib/recording/return-url";

describe("returnUrlWithResult", () => {
  const id = "0b6f7d3e-2a51-4c1e-9a55-6c0e8a1b2c3d";
  it.each([
    ["https://app.example.com/done", `https://app.example.com/done?inspection_id=${id}&status=submitted`],
    ["https://app.example.com/done?tab=1", `https://app.example.com/done?tab=1&inspection_id=${id}&status=submitted`],
    ["https://app.example.com/done?", `https://app.example.com/done?inspection_id=${id}&status=submitted`],
    ["https://app.example.com/done?a=1&", `https://app.example.com/done?a=1&inspection_id=${id}&status=submitted`],
    ["https://app.example.com/done#top", `https://app.example.com/done?inspection_id=${id}&status=submitted#top`],
    ["https://app.example.com/d?x=1#frag?y", `https://app.example.com/d?x=1&inspection_id=${id}&status=submitted#frag?y`],
    ["myapp://task/1", `myapp://task/1?inspection_id=${id}&status=submitted`],
    ["myapp://task/1?from=wt#done", `myapp://task/1?from=wt&inspection_id=${id}&status=submitted#done`],
  ])("keeps the partner's own query and fragment: %s", (url, expected) => {
    expect(returnUrlWithResult(url, id)).toBe(expected);
  });
});
