import { spawn } from "node:child_process";
import { setPriority } from "node:os";

/** The input is not a video this service can use (garbage, truncated, no video stream). Retrying will not help. */
export class UnprocessableVideoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnprocessableVideoError";
  }
}

/** ffmpeg or ffprobe crashed, was killed or ran out of time: worth another attempt. */
export class VideoToolFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VideoToolFailure";
  }
}

export interface ToolResult {
  code: number;
  stdout: string;
  /** The last few KB of stderr, for errors. */
  stderr: string;
}

const stdoutMaxBytes = 4 * 1024 * 1024;
const stderrTailBytes = 4096;

/**
 * Runs ffmpeg or ffprobe without a shell, at a lower CPU priority than the web server sharing the
 * machine, and kills it (SIGKILL) past `timeoutMs`. Resolves with its exit code whatever it is;
 * rejects only when it could not run or was killed.
 */
export function runTool(binary: string, args: string[], timeoutMs: number): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here: it runs at normal priority.
      }
    }
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (stdout.length < stdoutMaxBytes) stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-stderrTailBytes);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new VideoToolFailure(`${binary} could not run: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return reject(new VideoToolFailure(`${binary} ran out of time (${Math.round(timeoutMs / 1000)} s)`));
      if (signal) return reject(new VideoToolFailure(`${binary} was killed (${signal})`));
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

/**
 * The machine's trouble in a tool's own words (the disk or memory ran out, a file could not be
 * opened, a signal stopped it), as opposed to what it says about bad input.
 */
const machineTrouble =
  /No space left on device|Cannot allocate memory|Out of memory|Too many open files|Permission denied|Read-only file system|Input\/output error|Resource temporarily unavailable|received signal/i;

/**
 * What a tool's failed exit means for the seal. Only the tool saying the data is bad is the
 * recording's fault (UnprocessableVideoError: the walkthrough ends failed); the machine's trouble,
 * or a tool stopped by a signal (ffmpeg exits 255 on SIGTERM or SIGINT, a shell 128 + the signal),
 * is not (VideoToolFailure: the seal is tried again).
 */
export function toolExitError(binary: string, result: ToolResult, saying: string): UnprocessableVideoError | VideoToolFailure {
  const words = result.stderr.trim().split("\n").slice(-2).join(" / ");
  if (result.code >= 128 || machineTrouble.test(result.stderr))
    return new VideoToolFailure(`${binary} failed (exit ${result.code}): ${words}`);
  return new UnprocessableVideoError(`${saying}: ${words}`);
}
