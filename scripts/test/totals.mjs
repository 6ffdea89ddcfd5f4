// Test totals of each runner, summed into the one line `npm test` ends with.

export const emptyTotals = () => ({ passed: 0, failed: 0, skipped: 0 });

const ANSI = /\u001b\[[0-9;]*m/g;
// The summary of node:test's spec (`ℹ pass 3`) and tap (`# pass 3`) reporters.
const NODE_COUNTER = /^[#ℹ]\s*(pass|fail|cancelled|skipped|todo)\s+(\d+)\s*$/gm;

/** Totals from node:test output, or null when it printed no summary (the runner crashed). */
export function parseNodeTestTotals(output) {
  const counters = {};
  for (const [, name, count] of output.replace(ANSI, '').matchAll(NODE_COUNTER)) counters[name] = Number(count);
  if (counters.pass === undefined) return null;
  return {
    passed: counters.pass,
    failed: (counters.fail ?? 0) + (counters.cancelled ?? 0),
    skipped: (counters.skipped ?? 0) + (counters.todo ?? 0),
  };
}

// One finished top-level test of the spec reporter, as it is printed (`✔ name (12ms)`, `✖ name (3ms)`).
const SPEC_LINE = /^([✔✖﹣]) .*\(\d+(?:\.\d+)?m?s\)\s*(?:# .*)?$/gm;

/** Totals of a node:test run stopped before its summary: the tests it had finished so far, plus the one it
 * was stopped in as a failure. The failing-tests recap at the end is not printed then, so nothing counts twice. */
export function countStoppedNodeTests(output) {
  const totals = emptyTotals();
  for (const [, mark] of output.replace(ANSI, '').matchAll(SPEC_LINE)) {
    if (mark === '✔') totals.passed += 1;
    else if (mark === '✖') totals.failed += 1;
    else totals.skipped += 1;
  }
  totals.failed += 1;
  return totals;
}

export function addTotals(a, b) {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped };
}

export function formatTotals({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
