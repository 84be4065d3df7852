import dgram from "node:dgram";

/**
 * A real UDP name server on 127.0.0.1 for resolver tests: answers A and AAAA from `records`,
 * NXDOMAIN for names it does not know, and nothing at all for the query types listed in
 * `silent` (or for every query when `records` is "never"), so a resolver pointed at it with
 * `setServers` meets a server that never answers. Counts the queries it received.
 */
export interface DnsServer {
  /** `127.0.0.1:<port>`, as `Resolver.setServers` takes it. */
  address: string;
  queries: { name: string; type: "A" | "AAAA" | number }[];
  close(): Promise<void>;
}

export interface DnsRecords {
  [name: string]: { A?: string[]; AAAA?: string[]; silent?: ("A" | "AAAA")[] };
}

const typeA = 1;
const typeAAAA = 28;

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at] !== 0 && at < message.length) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString("ascii"));
    at += 1 + length;
  }
  return { name: labels.join(".").toLowerCase(), end: at + 1 };
}

function ipv6Bytes(address: string): Buffer {
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return Buffer.from(groups.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
}

function answer(query: Buffer, questionEnd: number, type: number, addresses: string[] | undefined): Buffer {
  const header = Buffer.from(query.subarray(0, 12));
  // QR, RD copied, RA; NXDOMAIN when the name is unknown.
  header.writeUInt16BE(addresses === undefined ? 0x8183 : 0x8180, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses?.length ?? 0, 6);
  header.writeUInt32BE(0, 8);
  const records = (addresses ?? []).map((address) => {
    const data = type === typeA ? Buffer.from(address.split(".").map(Number)) : ipv6Bytes(address);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // pointer to the question's name
    record.writeUInt16BE(type, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd + 4), ...records]);
}

export async function startDnsServer(records: DnsRecords | "never"): Promise<DnsServer> {
  const socket = dgram.createSocket("udp4");
  const queries: DnsServer["queries"] = [];
  socket.on("message", (message, remote) => {
    const { name, end } = readName(message, 12);
    const type = message.readUInt16BE(end);
    const typeName = type === typeA ? "A" : type === typeAAAA ? "AAAA" : type;
    queries.push({ name, type: typeName });
    if (records === "never" || typeof typeName === "number") return;
    const entry = records[name];
    if (entry?.silent?.includes(typeName)) return;
    const addresses = entry ? (entry[typeName] ?? []) : undefined;
    socket.send(answer(message, end, type, addresses), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    queries,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
