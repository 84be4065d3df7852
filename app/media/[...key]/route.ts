import { localMediaDriver } from "@/lib/media/media-storage";
import { serveSignedMedia } from "@/lib/media/serve-signed-media";

// Reads the disk on every request: never prerendered or cached by Next.
export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ key: string[] }> }): Promise<Response> {
  return serveSignedMedia(request, (await context.params).key, localMediaDriver());
}

// Explicit, so a HEAD never opens a body stream only for Next to discard it.
export const HEAD = GET;
