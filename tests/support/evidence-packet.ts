import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { ZipFile } from "yazl";
import { expect } from "vitest";

/*
 * Evidence packets (issue 27) as the tests handle them: downloaded, read whole (a test packet
 * is a few hundred KiB), and written back with one entry changed or left out, to show which
 * check a change breaks.
 */

/** Downloads a packet's signed URL to a file. */
export async function downloadPacket(url: string, file: string): Promise<void> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
}

/** Every entry of a packet (a file, or its bytes), whole, by name. */
export async function packetEntries(packet: string | Buffer): Promise<Map<string, Buffer>> {
  const zip =
    typeof packet === "string"
      ? await yauzl.openPromise(packet, { lazyEntries: true })
      : await yauzl.fromBufferPromise(packet, { lazyEntries: true });
  const found = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    found.set(entry.fileName, Buffer.concat(chunks));
  }
  zip.close();
  return found;
}

/** Writes `files` as a ZIP, in their order. */
export async function writePacket(files: ReadonlyMap<string, Buffer>, target: string): Promise<void> {
  const out = new ZipFile();
  const written = pipeline(out.outputStream, createWriteStream(target));
  for (const [fileName, bytes] of files) out.addBuffer(bytes, fileName);
  out.end();
  await written;
}

/** A copy of a packet with `change` applied to one entry's bytes (given a copy to change). */
export async function tamperedPacket(
  source: string,
  target: string,
  name: string,
  change: (bytes: Buffer) => Buffer,
): Promise<void> {
  const files = new Map(await packetEntries(source));
  const bytes = files.get(name);
  if (bytes === undefined) throw new Error(`the packet has no ${name}`);
  files.set(name, change(Buffer.from(bytes)));
  await writePacket(files, target);
}

/** A copy of a packet without one entry. */
export async function packetWithout(source: string, target: string, name: string): Promise<void> {
  const files = new Map(await packetEntries(source));
  files.delete(name);
  await writePacket(files, target);
}

/** Flips one bit of the byte at `at` (from the end when negative): a change nobody could see. */
export const flipByte = (at: number) => (bytes: Buffer) => {
  const index = at < 0 ? bytes.length + at : at;
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes;
};
