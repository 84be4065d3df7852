// Test helper process: `tsx tests/support/print-app-secret.ts <dataDir> <goFile>` prints "ready",
// spins until <goFile> exists (so several copies race at once, however slowly each started),
// then makes or reads the secret and prints it.
import { existsSync } from "node:fs";
import { appSecretIn } from "../../lib/secrets/app-secret";

const [dataDir, goFile] = process.argv.slice(2);
process.stdout.write("ready\n");
while (!existsSync(goFile!)) {
  // Busy-wait: a timer would let the copies drift apart by a scheduler tick.
}
process.stdout.write(appSecretIn(dataDir!).toString("utf8"));
