import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU times in these ticks (100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/** CPU time (ms) of one process: user + system of all its threads, plus the children it has waited for. */
function ownCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state) of proc(5); utime, stime, cutime and cstime are fields 14 to 17.
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** The processes a process started that still run (/proc/<pid>/task/<tid>/children). */
function liveChildren(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/**
 * CPU time (user + system, ms, all threads) a process has used so far, with that of the processes it started:
 * those it has waited for, and those still running with what they have used and waited for (Graft's spawner helper,
 * which starts the git processes and waits for them: src/git/spawner.ts); undefined where /proc is absent.
 * Unlike requests/s it barely moves when other processes compete for the CPUs. Resolution is 10 ms, so
 * only use it over many requests.
 */
export function processCpuMs(pid: number): number | undefined {
  const own = ownCpuMs(pid);
  if (own === undefined) return undefined;
  return liveChildren(pid).reduce((sum, child) => sum + (ownCpuMs(child) ?? 0), own);
}

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Resident set size of a process now, MiB. */
export const rssMiB = (pid: number) => statusField(pid, 'VmRSS');

/** The highest resident set size of a process since it started or since resetPeakRss, MiB. */
export const peakRssMiB = (pid: number) => statusField(pid, 'VmHWM');

/** Starts a new peak-RSS measurement (proc(5): writing 5 to clear_refs resets VmHWM); false if refused. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
