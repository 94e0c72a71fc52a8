import { constants, PerformanceObserver } from 'node:perf_hooks';

/** How many major GCs ran while `work` ran (it must yield now and then, for GC entries to be delivered). */
export async function majorGCsDuring(work: () => Promise<void>): Promise<number> {
  let majors = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return majors;
  } finally {
    observer.disconnect();
  }
}
