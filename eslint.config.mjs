import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: [".next/**", "lib/generated/**", "node_modules/**", ".data/**", "next-env.d.ts", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  { files: ["scripts/**", "bench/**", "tests/**"], rules: { "no-console": "off" } },
  // Boundaries (the direction of every import is checked by tests/unit/layer-direction.test.ts).
  // Pages and components reach the database through lib/ operations, never the client itself:
  // a client component that imported it would pull Prisma toward the browser bundle. Prisma's
  // enums may be imported as types (erased at compile).
  {
    files: ["components/**/*.{ts,tsx}", "app/**/page.tsx", "app/**/layout.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/lib/db", "**/lib/db/*", "@/lib/db", "@/lib/db/*"],
              message: "Pages and components reach the database through a lib/ operation, not lib/db.",
            },
            {
              group: ["**/lib/generated/*", "@/lib/generated/*"],
              allowTypeImports: true,
              message: "Pages and components may import Prisma's generated types only (`import type`).",
            },
          ],
        },
      ],
    },
  },
  // lib/ is framework-free below the routes: the domain answers with values and ApiErrors, and the
  // route glue speaks Next. Exceptions, each a bridge to Next by design:
  // - lib/server/**: mounts Next's request handler (the process's front door);
  // - lib/auth/current-person.ts: a page's signed-in person, which redirects to sign-in (next/navigation);
  // - lib/i18n/page-locale.ts: the page's language, from the header the front door set (next/headers).
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/server/**", "lib/auth/current-person.ts", "lib/i18n/page-locale.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["next", "next/*"],
              message: "Domain code does not import Next: return values or throw ApiError; the route glue speaks Next.",
            },
          ],
        },
      ],
    },
  },
  // The service worker is plain JavaScript run by the browser, outside the bundle.
  {
    files: ["public/sw.js"],
    languageOptions: {
      sourceType: "script",
      globals: { self: "readonly", caches: "readonly", fetch: "readonly", URL: "readonly", Promise: "readonly" },
    },
  },
);
