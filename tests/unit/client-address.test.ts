import { describe, expect, it } from "vitest";
import { addressLimitKey } from "../../lib/http/client-address";

describe("per-address limits", () => {
  it("count an IPv6 client by its /64, however the address is written", () => {
    const key = addressLimitKey("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    for (const same of ["2001:db8:1:2:ffff:ffff:ffff:fffe", "2001:DB8:0001:0002:0:0:0:9", "2001:db8:1:2::a%eth0"])
      expect(addressLimitKey(same), same).toBe(key);
    expect(addressLimitKey("2001:db8:1:3::1")).not.toBe(key);
  });

  it("count an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(addressLimitKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressLimitKey("198.51.100.7")).toBe("198.51.100.7");
  });

  it("keep what is not an address as it is", () => {
    expect(addressLimitKey("unknown")).toBe("unknown");
  });
});
