import type { FetchOptions } from "./fetch-options";
import { FetchRefusal } from "./fetch-refusal";
import type { FetchHost } from "./fetch-url";

/**
 * Resolves each host name once per fetch and remembers the address it checked. The connection
 * then goes to that address and nothing else (no second lookup, so no DNS rebinding), and a
 * redirect back to the same host reuses it.
 */
export class CheckedAddresses {
  private readonly checked = new Map<string, string>();

  constructor(private readonly options: Pick<FetchOptions, "resolve" | "isAllowedAddress">) {}

  async addressOf(host: FetchHost): Promise<string> {
    const known = this.checked.get(host.name);
    if (known !== undefined) return known;
    const addresses = host.isIpLiteral ? [host.name] : await this.lookup(host.name);
    // Every answer must pass, not just the one dialled: a mixed public/private answer is refused.
    const refused = addresses.find((address) => !this.options.isAllowedAddress(address));
    if (refused !== undefined) throw new FetchRefusal("private_address", `${host.name} -> ${refused}`);
    const [first] = addresses;
    if (first === undefined) throw new FetchRefusal("dns_failed", host.name);
    this.checked.set(host.name, first);
    return first;
  }

  private async lookup(hostname: string): Promise<string[]> {
    let addresses: string[];
    try {
      addresses = await this.options.resolve(hostname);
    } catch (error) {
      throw new FetchRefusal("dns_failed", `${hostname}: ${(error as Error).message}`);
    }
    if (addresses.length === 0) throw new FetchRefusal("dns_failed", hostname);
    return addresses;
  }
}
