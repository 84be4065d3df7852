import { staleTempAgeMs, sweepStaleTempFiles } from "../media/sweep-temp-files";

/**
 * Run by `npm start` and `npm run worker` before they take work: removes temporary files a
 * crashed process left under DATA_DIR (lib/media/sweep-temp-files.ts) and says how many, by
 * folder name only. Never stops a start: a failure is reported and left for the next one.
 */
export async function sweepTempFilesAtStart(dataDir: string, say: (line: string) => void): Promise<void> {
  try {
    const { removed, total, failed } = await sweepStaleTempFiles(dataDir);
    const hours = staleTempAgeMs / 3_600_000;
    if (total > 0) {
      const where = Object.entries(removed)
        .map(([name, count]) => `${name}: ${count}`)
        .join(", ");
      say(`Removed ${total} temporary file(s) older than ${hours} h left by an earlier process (${where})`);
    }
    if (failed > 0) say(`Could not remove ${failed} stale temporary file(s); the next start tries again`);
  } catch (error) {
    say(`Could not sweep temporary files: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
