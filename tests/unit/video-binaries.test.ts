import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "../../lib/config";
import { dropProcessSingleton } from "../../lib/process-state";
import { videoTools } from "../../lib/video/binaries";

const saved = { ffmpeg: process.env.FFMPEG_PATH, ffprobe: process.env.FFPROBE_PATH, path: process.env.PATH };

function reset(env: { FFMPEG_PATH?: string; FFPROBE_PATH?: string; PATH?: string }): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
  dropProcessSingleton("video-tools");
}

afterEach(() => reset({ FFMPEG_PATH: saved.ffmpeg, FFPROBE_PATH: saved.ffprobe, PATH: saved.path }));

describe("videoTools", () => {
  it("takes the system's ffmpeg and ffprobe from PATH when none is configured", () => {
    reset({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
    expect(videoTools()).toEqual({ ffmpeg: "/usr/bin/ffmpeg", ffprobe: "/usr/bin/ffprobe", origin: "system" });
  });

  it("falls back to the binaries shipped in the npm packages when the machine has none", () => {
    reset({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined, PATH: "/nonexistent" });
    const tools = videoTools();
    expect(tools.origin).toBe("npm");
    expect(tools.ffmpeg).toMatch(/node_modules\/@ffmpeg-installer\/.+\/ffmpeg$/);
    expect(tools.ffprobe).toMatch(/node_modules\/@ffprobe-installer\/.+\/ffprobe$/);
  });

  it("uses FFMPEG_PATH and FFPROBE_PATH, and names the one that is not an executable", () => {
    reset({ FFMPEG_PATH: "/usr/bin/ffmpeg", FFPROBE_PATH: "/usr/bin/ffprobe" });
    expect(videoTools().origin).toBe("configured");
    reset({ FFMPEG_PATH: "/nonexistent/ffmpeg", FFPROBE_PATH: undefined });
    expect(() => videoTools()).toThrow(/FFMPEG_PATH \(\/nonexistent\/ffmpeg\) is not an executable file/);
  });
});
