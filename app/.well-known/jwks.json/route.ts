import { jwksResponse } from "@/lib/evidence/jwks";

// Keys are added at a rotation: read on every request, never prerendered.
export const dynamic = "force-dynamic";

export const GET = jwksResponse;
