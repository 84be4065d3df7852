import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvalidMediaKeyError } from "../../lib/media/keys";
import { LocalDiskDriver } from "../../lib/media/local-disk-driver";
import { S3Driver } from "../../lib/media/s3-driver";

describe("deletePrefix on local disk", () => {
  let root: string;
  let driver: LocalDiskDriver;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "walkthrough-media-delete-"));
    driver = new LocalDiskDriver({
      root: path.join(root, "media"),
      secret: Buffer.from("s".repeat(32)),
      baseUrl: "https://app.example/",
    });
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("removes the data and the metadata folders and leaves nothing in tmp/", async () => {
    await driver.put("tours/p/i/a.jpg", Buffer.from("a"), { contentType: "image/jpeg" });
    await driver.put("tours/p/i/b/c.jpg", Buffer.from("c"), { contentType: "image/jpeg" });
    await driver.deletePrefix("tours/p/i");
    expect(await readdir(path.join(root, "media/objects/tours/p"))).toEqual([]);
    expect(await readdir(path.join(root, "media/meta/tours/p"))).toEqual([]);
    expect(await readdir(path.join(root, "media/tmp"))).toEqual([]);
  });

  it("lets two processes remove the same folder at once", async () => {
    await Promise.all(["x/1", "x/2", "x/3/4"].map((key) => driver.put(key, Buffer.from(key), { contentType: "text/plain" })));
    const other = new LocalDiskDriver({
      root: path.join(root, "media"),
      secret: Buffer.from("s".repeat(32)),
      baseUrl: "https://app.example/",
    });
    await Promise.all([driver.deletePrefix("x"), other.deletePrefix("x"), driver.deletePrefix("x")]);
    expect(await driver.head("x/1")).toBeNull();
  });

  it("refuses a folder that a symbolic link leads out of the root, and leaves its target alone", async () => {
    const outside = path.join(root, "outside");
    await mkdir(path.join(outside, "inner"), { recursive: true });
    await writeFile(path.join(outside, "inner/precious"), "keep");
    await mkdir(path.join(root, "media/objects"), { recursive: true });
    await symlink(outside, path.join(root, "media/objects/linked"));
    await expect(driver.deletePrefix("linked/inner")).rejects.toThrow(/symbolic link/);
    // A link as the folder itself is not a folder of objects: skipped, target untouched.
    await driver.deletePrefix("linked");
    expect(await readFile(path.join(outside, "inner/precious"), "utf8")).toBe("keep");
  });
});

/**
 * A scripted S3 endpoint: ListObjectsV2 pages of `pageSize` keys (s3rver cannot page under
 * OpenSSL 3) and DeleteObjects that refuses the keys in `refuse`, recording every call.
 */
class ScriptedS3 {
  keys = new Set<string>();
  refuse = new Set<string>();
  pageSize = 1000;
  ignorePrefix = false;
  lists: string[] = [];
  deleteBatches: number[] = [];
  private server!: Server;
  endpoint = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.answer(req).then(([status, xml]) => {
        res.writeHead(status, { "content-type": "application/xml" }).end(xml);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage): Promise<[number, string]> {
    const url = new URL(req.url!, "http://s3.test");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === "GET" && url.searchParams.get("list-type") === "2") return [200, this.list(url.searchParams)];
    if (req.method === "POST" && url.searchParams.has("delete")) return [200, this.delete(Buffer.concat(chunks).toString())];
    return [400, "<Error><Code>NotImplemented</Code></Error>"];
  }

  private list(query: URLSearchParams): string {
    const prefix = query.get("prefix") ?? "";
    this.lists.push(prefix);
    const after = query.get("continuation-token") ?? "";
    const all = [...this.keys].filter((key) => this.ignorePrefix || key.startsWith(prefix)).sort();
    const rest = all.filter((key) => key > after);
    const page = rest.slice(0, this.pageSize);
    const truncated = rest.length > page.length;
    return [
      `<ListBucketResult><Name>b</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>`,
      truncated ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : "",
      ...page.map((key) => `<Contents><Key>${key}</Key><Size>1</Size></Contents>`),
      "</ListBucketResult>",
    ].join("");
  }

  private delete(body: string): string {
    const keys = [...body.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!);
    this.deleteBatches.push(keys.length);
    const errors = keys.filter((key) => this.refuse.has(key));
    for (const key of keys) if (!this.refuse.has(key)) this.keys.delete(key);
    const items = errors.map(
      (key) => `<Error><Key>${key}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`,
    );
    return `<DeleteResult>${items.join("")}</DeleteResult>`;
  }
}

describe("deletePrefix on S3", () => {
  const s3 = new ScriptedS3();
  let driver: S3Driver;

  beforeAll(async () => {
    await s3.start();
    driver = new S3Driver({
      bucket: "b",
      region: "us-east-1",
      endpoint: s3.endpoint,
      accessKeyId: "test",
      secretAccessKey: "test",
      forcePathStyle: true,
    });
  });

  afterAll(async () => {
    driver.destroy();
    await s3.stop();
  });

  beforeEach(() => {
    s3.keys = new Set();
    s3.refuse = new Set();
    s3.pageSize = 1000;
    s3.ignorePrefix = false;
    s3.lists = [];
    s3.deleteBatches = [];
  });

  const keysUnder = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}/${String(i).padStart(5, "0")}`);

  it("pages through the listing and deletes in batches of at most 1000", async () => {
    const inside = keysUnder("t/p", 2500);
    const outside = ["t/p", "t/px/1", "t/p-1/2", "t/o/p/3"];
    s3.keys = new Set([...inside, ...outside]);
    await driver.deletePrefix("t/p");
    // Then the parts of keys under the prefix, kept under _parts/ (lib/media/s3-parts.ts).
    expect(s3.lists).toEqual(["t/p/", "t/p/", "t/p/", "_parts/t/p/"]);
    expect(s3.deleteBatches).toEqual([1000, 1000, 500]);
    expect([...s3.keys].sort()).toEqual([...outside].sort());
  });

  it("keeps every batch within 1000 keys when a service pages larger", async () => {
    s3.pageSize = 2345;
    s3.keys = new Set(keysUnder("t/big", 2345));
    await driver.deletePrefix("t/big");
    expect(s3.deleteBatches).toEqual([1000, 1000, 345]);
    expect(s3.keys.size).toBe(0);
  });

  it("deletes nothing outside the prefix even if the service ignores Prefix", async () => {
    s3.ignorePrefix = true;
    s3.keys = new Set(["t/a/1", "t/ab/2", "t/a", "u/t/a/3"]);
    await driver.deletePrefix("t/a");
    expect([...s3.keys].sort()).toEqual(["t/a", "t/ab/2", "u/t/a/3"]);
  });

  it("removes the parts of keys under the prefix, not those of the prefix itself", async () => {
    const nested = ["_parts/t/r/a/_parts/00001", "_parts/t/r/a/b/_parts/00002"];
    const kept = ["_parts/t/r/_parts/00001", "_parts/t/rx/_parts/00001", "_tmp/t/r/a"];
    s3.keys = new Set([...nested, ...kept]);
    await driver.deletePrefix("t/r");
    expect([...s3.keys].sort()).toEqual([...kept].sort());
  });

  it("makes no delete call for an empty prefix", async () => {
    await driver.deletePrefix("t/none");
    expect(s3.lists).toEqual(["t/none/", "_parts/t/none/"]);
    expect(s3.deleteBatches).toEqual([]);
  });

  it("fails loudly when any key in a batch was not deleted", async () => {
    s3.keys = new Set(keysUnder("t/locked", 5));
    s3.refuse = new Set(["t/locked/00003"]);
    await expect(driver.deletePrefix("t/locked")).rejects.toThrow(
      /did not delete 1 of 5 objects; first t\/locked\/00003: AccessDenied/,
    );
  });

  it("refuses an invalid prefix before calling S3", async () => {
    await expect(driver.deletePrefix("")).rejects.toThrow(InvalidMediaKeyError);
    await expect(driver.deletePrefix("t/")).rejects.toThrow(InvalidMediaKeyError);
    expect(s3.lists).toEqual([]);
  });
});
