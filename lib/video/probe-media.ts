import { videoTools } from "./binaries";
import { runTool, toolExitError, UnprocessableVideoError } from "./run-tool";

export interface MediaProbe {
  /** ffprobe's container names, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`. */
  formatName: string;
  /** Absent when the container does not say: raw MediaRecorder WebM has no duration until remuxed. */
  durationSeconds?: number;
  video?: { codec: string; width: number; height: number; rotation: number; frameRate?: number };
  audio?: { codec: string; sampleRate?: number; channels?: number };
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    sample_rate?: string;
    channels?: number;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

const probeTimeoutMs = 60_000;

function number(text: string | undefined): number | undefined {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

function frameRate(text: string | undefined): number | undefined {
  const [top, bottom] = (text ?? "").split("/").map(Number);
  return top && bottom ? top / bottom : undefined;
}

/** What a media file holds, by ffprobe. A file with no video stream, or none ffprobe can read, is unprocessable. */
export async function probeMedia(file: string): Promise<MediaProbe> {
  const result = await runTool(
    videoTools().ffprobe,
    ["-v", "error", "-show_format", "-show_streams", "-of", "json", file],
    probeTimeoutMs,
  );
  if (result.code !== 0) throw toolExitError("ffprobe", result, "ffprobe cannot read it");
  const json = JSON.parse(result.stdout) as ProbeJson;
  const video = json.streams?.find((stream) => stream.codec_type === "video" && stream.width && stream.height);
  const audio = json.streams?.find((stream) => stream.codec_type === "audio");
  if (!video) throw new UnprocessableVideoError("it holds no video stream");
  const rotation = video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? Number(video.tags?.rotate ?? 0);
  return {
    formatName: json.format?.format_name ?? "",
    durationSeconds: number(json.format?.duration),
    video: {
      codec: video.codec_name ?? "unknown",
      width: video.width!,
      height: video.height!,
      rotation: ((Math.round(rotation) % 360) + 360) % 360,
      frameRate: frameRate(video.avg_frame_rate),
    },
    audio: audio
      ? { codec: audio.codec_name ?? "unknown", sampleRate: number(audio.sample_rate), channels: audio.channels }
      : undefined,
  };
}
