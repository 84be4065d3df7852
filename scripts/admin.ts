// `npm run --silent admin -- <command> [--json]`: the staff tool, on the server's own configuration
// (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, started here if the server is not running).
// Before any server code: lets its `import "server-only"` load outside Next (see the file).
import "./allow-server-only";
// Commands live in lib/cli/; lib/cli/run-cli.ts parses, dispatches, prints and chooses the exit code.
import { oneLine } from "../lib/cli/output";
import { runCli } from "../lib/cli/run-cli";

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${oneLine(error)}\n`);
    process.exit(1);
  },
);
