import "server-only";
import { db } from "../../db/client";
import { mediaStorage } from "../../media/media-storage";
import type { PdfPicture, PdfPictureSlot } from "./pdf-picture";

/*
 * The findings' pictures as bytes for the PDF, straight from the media store. The web process
 * decodes no image (tests/unit/web-import-graph.test.ts keeps sharp out of it): react-pdf embeds
 * JPEG and PNG as they are. Memory stays bounded by a cap per picture and per PDF; a picture
 * beyond either is left out and the PDF points to the report online for it.
 */

const maxPictureBytes = 6 * 1024 * 1024;
const maxPicturesBytesPerPdf = 48 * 1024 * 1024;
const readersAtOnce = 4;

export interface FindingPictureKeys {
  after?: string;
  before?: string;
}

/** The first after and before picture of each shown finding of an inspection, by finding id. */
export async function findingPictureKeys(inspectionId: string): Promise<Map<string, FindingPictureKeys>> {
  const rows = await db().finding.findMany({
    where: { inspectionId, rejected: false, reviewNeeded: false },
    select: { id: true, afterKeys: true, beforeKeys: true },
    take: 5000,
  });
  return new Map(rows.map((row) => [row.id, { after: row.afterKeys[0], before: row.beforeKeys[0] }]));
}

function formatOf(bytes: Buffer): PdfPicture["format"] | undefined {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  return undefined;
}

/** Reads pictures by key, a few at a time, within one PDF's budget; `undefined` keys stay undefined. */
export function pictureLoader(): (key: string | undefined) => Promise<PdfPictureSlot | undefined> {
  let budget = maxPicturesBytesPerPdf;
  let running = 0;
  const waiting: (() => void)[] = [];
  const turn = async () => {
    if (running >= readersAtOnce) await new Promise<void>((start) => waiting.push(start));
    running += 1;
  };
  const done = () => {
    running -= 1;
    waiting.shift()?.();
  };

  return async (key) => {
    if (key === undefined) return undefined;
    await turn();
    try {
      const object = await mediaStorage().get(key);
      if (!object) return "left-out";
      if (object.size > maxPictureBytes || object.size > budget) {
        object.body.destroy();
        return "left-out";
      }
      budget -= object.size;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      const format = formatOf(data);
      return format ? { data, format } : "left-out";
    } catch {
      // A picture the store cannot hand out now does not stop the rest of the report.
      return "left-out";
    } finally {
      done();
    }
  };
}
