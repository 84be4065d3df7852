import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per process on first use, once the config is loaded, not at import.
const handler = (request: Request, context: Context) => NextAuth(request as never, context, authOptions());

export { handler as GET, handler as POST };
