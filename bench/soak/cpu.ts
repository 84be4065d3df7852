// CPU while the soak runs: the machine's (from /proc/stat; other work on the machine counts too)
// and the soak's own processes' (every process under this one, and PostgreSQL), summed per pid
// from samples so that a killed process's time is kept.
import { readFile } from "node:fs/promises";
import { processTree } from "../processes";

async function machineTicks(): Promise<{ busy: number; total: number }> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

async function pidTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

export interface CpuFigures {
  machinePercent: number;
  soakPercent: number;
  seconds: number;
}

export function startCpuMeter(roots: () => Promise<number[]>, cores: number): { stop(): Promise<CpuFigures> } {
  const seen = new Map<number, number>();
  let soakTicks = 0;
  const started = Date.now();
  const machineAtStart = machineTicks();
  const sample = async () => {
    const pids = new Set<number>();
    for (const root of await roots()) for (const pid of await processTree(root)) pids.add(pid);
    for (const pid of pids) {
      const ticks = await pidTicks(pid);
      soakTicks += Math.max(0, ticks - (seen.get(pid) ?? 0));
      seen.set(pid, ticks);
    }
  };
  const timer = setInterval(() => void sample(), 2000);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      const [before, after] = [await machineAtStart, await machineTicks()];
      const seconds = (Date.now() - started) / 1000;
      return {
        machinePercent: (100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total),
        soakPercent: (100 * soakTicks) / 100 / (seconds * cores),
        seconds,
      };
    },
  };
}
