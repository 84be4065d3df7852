// Preloaded into the app by `BENCH_CPU_PROFILE_DIR=<dir> npm run bench` (NODE_OPTIONS=--import):
// Node 20 refuses --cpu-prof in NODE_OPTIONS, so this samples through the inspector instead and
// writes <dir>/<pid>.cpuprofile (open in Chrome DevTools) when the process exits.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";
import process from "node:process";

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  // Same-thread inspector sessions answer synchronously, so this completes inside "exit".
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
