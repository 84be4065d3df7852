import { existsSync } from "node:fs";
import { lutimes, mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskDriver } from "../../lib/media/local-disk-driver";
import { staleTempAgeMs, sweepStaleTempFiles } from "../../lib/media/sweep-temp-files";

const minute = 60_000;

/** Writes `file` (and its folder) and sets its mtime `ageMs` in the past. */
async function fileAged(file: string, ageMs: number, content = "partial"): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
  return file;
}

async function ageFolder(folder: string, ageMs: number): Promise<void> {
  const when = new Date(Date.now() - ageMs);
  await utimes(folder, when, when);
}

describe("sweepStaleTempFiles", () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "walkthrough-media-sweep-"));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("removes temp files and spool folders untouched for over an hour, and keeps younger ones", async () => {
    const tmp = path.join(dataDir, "media/tmp");
    const spool = path.join(dataDir, "media-spool");
    const oldTemp = await fileAged(path.join(tmp, "old-1"), 61 * minute);
    const oldTemp2 = await fileAged(path.join(tmp, "old-2"), 3 * 24 * 60 * minute);
    const youngTemp = await fileAged(path.join(tmp, "young"), 59 * minute);
    const oldSpool = await fileAged(path.join(spool, "media-upload-old/body"), 2 * 60 * minute);
    await ageFolder(path.dirname(oldSpool), 2 * 60 * minute);
    // An old folder whose body is still being written: a live upload.
    const liveSpool = await fileAged(path.join(spool, "media-upload-live/body"), 0);
    await ageFolder(path.dirname(liveSpool), 5 * 60 * minute);
    // Objects themselves are never temp files, however old.
    const object = await fileAged(path.join(dataDir, "media/objects/a/b.jpg"), 100 * 60 * minute);

    const result = await sweepStaleTempFiles(dataDir);

    expect(result).toEqual({ removed: { "media/tmp": 2, "media-spool": 1 }, total: 3, failed: 0 });
    for (const gone of [oldTemp, oldTemp2, path.dirname(oldSpool)]) expect(existsSync(gone), gone).toBe(false);
    for (const kept of [youngTemp, liveSpool, object]) expect(existsSync(kept), kept).toBe(true);
  });

  it("finds nothing to do when the folders do not exist", async () => {
    expect(await sweepStaleTempFiles(dataDir)).toEqual({ removed: {}, total: 0, failed: 0 });
  });

  it("removes a stale symbolic link without following it", async () => {
    const target = await fileAged(path.join(dataDir, "elsewhere/keep"), 0, "keep");
    await mkdir(path.join(dataDir, "media/tmp"), { recursive: true });
    const link = path.join(dataDir, "media/tmp/link");
    await symlink(path.dirname(target), link);
    const old = new Date(Date.now() - 2 * staleTempAgeMs);
    await lutimes(link, old, old);
    expect((await sweepStaleTempFiles(dataDir)).total).toBe(1);
    expect(existsSync(link)).toBe(false);
    expect(await readFile(target, "utf8")).toBe("keep");
  });

  it("sweeps a folder that a crashed deletePrefix left in tmp/, but not one being removed now", async () => {
    const root = path.join(dataDir, "media");
    const driver = new LocalDiskDriver({ root, secret: Buffer.from("s".repeat(32)), baseUrl: "https://app.example/" });
    await driver.put("keep/a.jpg", Buffer.from("a"), { contentType: "image/jpeg" });
    // What deletePrefix leaves when killed between its rename and its rm: an old tree in tmp/.
    const crashed = path.join(root, "tmp/crashed-delete");
    await fileAged(path.join(crashed, "tours/p/x.jpg"), 3 * 60 * minute);
    await ageFolder(path.join(crashed, "tours/p"), 3 * 60 * minute);
    await ageFolder(path.join(crashed, "tours"), 3 * 60 * minute);
    await ageFolder(crashed, 3 * 60 * minute);
    // A live one: deletePrefix refreshes the moved folder's mtime, its old contents do not count.
    const live = path.join(root, "tmp/live-delete");
    await fileAged(path.join(live, "tours/q/y.jpg"), 3 * 60 * minute);
    await ageFolder(path.join(live, "tours"), 3 * 60 * minute);

    expect(await sweepStaleTempFiles(dataDir)).toMatchObject({ removed: { "media/tmp": 1 }, total: 1 });
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(await driver.head("keep/a.jpg")).toMatchObject({ size: 1 });
  });

  it("takes the age limit and the clock as options", async () => {
    await fileAged(path.join(dataDir, "media/tmp/five-minutes"), 5 * minute);
    expect((await sweepStaleTempFiles(dataDir, { maxAgeMs: 10 * minute })).total).toBe(0);
    expect((await sweepStaleTempFiles(dataDir, { maxAgeMs: 10 * minute, now: Date.now() + 6 * minute })).total).toBe(1);
  });
});
