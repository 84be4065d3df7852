import { packetResponse } from "@/lib/evidence/packet";

// Made while it is downloaded, from storage: never prerendered or cached by Next.
export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ inspection_id: string }> }): Promise<Response> {
  return packetResponse(new URL(request.url).searchParams, (await context.params).inspection_id);
}
