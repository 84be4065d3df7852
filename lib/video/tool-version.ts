import { processSingleton } from "../process-state";
import { videoTools } from "./binaries";
import { runTool } from "./run-tool";

/** ffmpeg's own first line (`ffmpeg version 5.1.9-0+deb12u1 ...`), read once per process. */
export function ffmpegVersion(): Promise<string> {
  return processSingleton("ffmpeg-version", async () => {
    const result = await runTool(videoTools().ffmpeg, ["-hide_banner", "-version"], 30_000);
    const line = result.stdout.split("\n")[0]?.trim() ?? "";
    return line.replace(/\s+Copyright.*$/, "") || "ffmpeg (version unknown)";
  });
}
