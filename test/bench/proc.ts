import { readFileSync, writeFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU times in these ticks (100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms, all threads, plus its children it has waited for: git processes) a process
 * has used so far; undefined where /proc is absent.
 * Unlike requests/s it barely moves when other processes compete for the CPUs. Resolution is 10 ms, so
 * only use it over many requests.
 */
export function processCpuMs(pid: number): number | undefined {
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
