import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports thread times in these ticks (100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms) used so far by this process's main thread, the one serving Graft and the
 * floor (SQLite queries run synchronously on it too); the load worker's CPU is not in it. Unlike
 * requests/s it barely moves when other processes compete for the CPUs. Undefined where /proc is absent.
 * Resolution is 10 ms, so only use it over many requests.
 */
export function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state) of proc(5); utime and stime are fields 14 and 15.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
