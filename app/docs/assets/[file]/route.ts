import { swaggerAssetResponse } from "@/lib/openapi/swagger-assets";

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return swaggerAssetResponse(request, (await params).file);
}
