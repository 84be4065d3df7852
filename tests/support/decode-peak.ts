// Test code only. Runs the photo check on one file in a fresh process and prints its peak
// resident memory (VmHWM) before and after, in MiB, as JSON: a process's high-water mark only
// ever grows, so a decode's cost is measured in a process of its own.
//
//   tsx tests/support/decode-peak.ts <file> <content type>
import { readFileSync } from "node:fs";
import { checkImage, type PhotoContentType } from "../../lib/fetch/check-image";

const peakMiB = () => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]) / 1024;

const [file, contentType] = process.argv.slice(2);
const before = peakMiB();
checkImage(file!, contentType as PhotoContentType)
  .then((size) => process.stdout.write(`${JSON.stringify({ before, after: peakMiB(), ...size })}\n`))
  .catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
