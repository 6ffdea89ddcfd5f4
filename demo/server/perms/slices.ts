// Work on a big grant (tens of thousands of assets) must not hold the event loop: one user's tree
// would otherwise make every other request wait seconds. Such work is written once, as a generator
// that `yield`s wherever it may pause (after a statement, every few thousand items), and run either
// through the turn scheduler below (requests) or at once (seeds and the few synchronous callers).
// SQL statements stay short: each one is finished before a pause, so no statement is left open on
// the shared connection while other requests use it.
//
// The scheduler gives all such work together at most SLICE_MS per turn of the event loop, one step
// of each job in turn: ten users opening big trees at once still leave the loop free after ~SLICE_MS,
// where ten independent slicers would hold it ten slices long.

/** Longest stretch of grant work, all jobs together, in one turn of the event loop. */
export const SLICE_MS = 8;

export type Work<T> = Generator<void, T, void>;

/** A job runs one small step per call; false once it is finished (or waits to be enqueued again). */
export interface Job {
  step(): boolean;
}

const jobs: Job[] = [];
let turnPending = false;

export function enqueue(job: Job): void {
  jobs.push(job);
  if (!turnPending) {
    turnPending = true;
    setImmediate(turn);
  }
}

function turn(): void {
  turnPending = false;
  const start = performance.now();
  while (jobs.length > 0 && performance.now() - start < SLICE_MS) {
    const job = jobs.shift()!;
    if (job.step()) jobs.push(job);
  }
  if (jobs.length > 0) {
    turnPending = true;
    setImmediate(turn);
  }
}

/** Runs `work` to its end through the scheduler. */
export function runSliced<T>(work: Work<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    enqueue({
      step() {
        try {
          const next = work.next();
          if (!next.done) return true;
          resolve(next.value);
        } catch (error) {
          reject(error);
        }
        return false;
      },
    });
  });
}

/** Runs `work` to its end without pausing (for callers that cannot wait). */
export function runAtOnce<T>(work: Work<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Splits `items` into runs of `size` (the batches one statement looks up). */
export function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let at = 0; at < items.length; at += size) yield items.slice(at, at + size);
}
