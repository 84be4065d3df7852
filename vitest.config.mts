import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig } from "vitest/config";

// `server-only` throws unless resolved under React's server condition (Next's server bundles):
// tests run server code directly, so they get the package's empty module.
const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
  // As in next.config.mjs: messages are compiled (lib/i18n/compile-catalogue.ts), formatted without a parser.
  "use-intl/format-message": createRequire(import.meta.url).resolve("use-intl/format-message/format-only"),
};

// use-intl bundled as Next bundles it, so the alias to the format-only formatter reaches its own imports.
const server = { deps: { inline: ["use-intl"] } };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: 1 on 2 cores, so integration files,
    // which mostly wait on the app process, ffmpeg and Chromium, ran one at a time. Ten integration
    // files on a busy 2-core machine took 311 s with 1, 187 s with 3 and 170 s with 4; 3, as 4
    // gained little and crowds the ffmpeg and Chromium files that have fixed time limits. Set at the
    // top, not per project: projects with different maxWorkers run one after the other, and this
    // way unit files run beside integration ones.
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        // Some run real ffmpeg and sharp: 5 s is too tight beside the integration project on 2 cores.
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], testTimeout: 30_000, server },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          server,
          include: ["tests/integration/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/setup-env.ts"],
          // Generous: CLI tests start a tsx process per command, which takes seconds on a busy 2-core machine.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
