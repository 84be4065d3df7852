import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { withSignInRequest } from "@/lib/auth/sign-in-mail";
import { clientAddress } from "@/lib/http/client-address";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per process on first use, once the config is loaded, not at import. The
// client address goes along for the sign-in link's per-address limit.
const handler = (request: Request, context: Context) =>
  withSignInRequest({ clientAddress: clientAddress(request) }, () => NextAuth(request as never, context, authOptions()));

export { handler as GET, handler as POST };
