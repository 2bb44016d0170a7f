/**
 * The job runner's clock in tests: real time, moved to an instant while due jobs run and put back after, so a
 * test reaches a reminder's hour without waiting (nothing depends on timers or on the machine's speed).
 */
export function jobClock() {
  let shift = 0;
  return {
    now: (): Date => new Date(Date.now() + shift),
    /** Runs `work` (each instance's runDue) with the clock at `instant`. */
    async at<T>(instant: Date, work: () => Promise<T>): Promise<T> {
      shift = instant.getTime() - Date.now();
      try {
        return await work();
      } finally {
        shift = 0;
      }
    },
  };
}
