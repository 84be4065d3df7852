import path from "node:path";
import { localDiskTempDir } from "./local-disk-files";

/*
 * Where media code keeps files under DATA_DIR, in one place, so that the start-up sweep
 * (sweep-temp-files.ts) cleans exactly the folders the drivers write their temporary files to.
 */

/** The local driver's root. */
export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, "media");
}

/**
 * Where the S3 driver spooled stream bodies before it streamed them multipart. Nothing writes
 * there any more; the start-up sweep still clears what a crash of an older version left, which
 * can be as large as an object.
 */
export function mediaSpoolDir(dataDir: string): string {
  return path.join(dataDir, "media-spool");
}

/** Where fetched photos and tour images are spooled while they are checked (lib/fetch/save-body.ts). */
export function fetchTempDir(dataDir: string): string {
  return path.join(dataDir, "fetch-tmp");
}

/** Where a seal joins a walkthrough's parts and runs ffmpeg (lib/recording/seal-recording.ts). */
export function sealTempDir(dataDir: string): string {
  return path.join(dataDir, "seal-tmp");
}

/** Where analysis cuts frames from a sealed video (lib/inspections/analyze-inspection.ts). */
export function analysisTempDir(dataDir: string): string {
  return path.join(dataDir, "analysis-tmp");
}

/** Temporary-file folders by a name fit for a log line (no absolute paths in logs). */
export function mediaTempDirs(dataDir: string): Record<string, string> {
  return {
    "media/tmp": localDiskTempDir(mediaRoot(dataDir)),
    "media-spool": mediaSpoolDir(dataDir),
    "fetch-tmp": fetchTempDir(dataDir),
    "seal-tmp": sealTempDir(dataDir),
    "analysis-tmp": analysisTempDir(dataDir),
  };
}
