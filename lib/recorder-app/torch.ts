// The phone's torch (the camera's LED), where the video track offers it: Chrome on Android answers
// `torch` in getCapabilities(); desktops, iOS Safari and the fake camera do not, so the button hides.

/** Whether a track's capabilities offer the torch (a boolean, or a list of the values it takes). */
export function torchSupported(capabilities: unknown): boolean {
  if (typeof capabilities !== "object" || capabilities === null) return false;
  const torch = (capabilities as { torch?: unknown }).torch;
  return torch === true || (Array.isArray(torch) && torch.includes(true));
}

/** The stream's video track if its torch can be switched, else undefined. */
export function torchTrack(stream: MediaStream | undefined): MediaStreamTrack | undefined {
  const track = stream?.getVideoTracks()[0];
  if (!track || typeof track.getCapabilities !== "function") return undefined;
  return torchSupported(track.getCapabilities()) ? track : undefined;
}

/** Switches the torch; answers whether it is now on (false where the camera refused). */
export async function setTorch(track: MediaStreamTrack, on: boolean): Promise<boolean> {
  try {
    // `torch` is not in TypeScript's DOM types yet (Image Capture spec).
    await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
    return on;
  } catch {
    return false;
  }
}
