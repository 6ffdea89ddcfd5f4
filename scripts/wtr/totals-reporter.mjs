// wtr's own summary is not one plain line; scripts/test.mjs needs numbers. This reporter counts the
// tests of every session, prints `N passed, N failed[, N skipped]` and writes the same totals as JSON
// to $WTR_TOTALS_FILE when set.
import { writeFileSync } from 'node:fs';
import { formatTotals } from '../test/totals.mjs';

function countSuite(suite, totals) {
  for (const test of suite.tests) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else totals.failed += 1;
  }
  for (const child of suite.suites) countSuite(child, totals);
}

/** Totals over sessions; a file that failed to load or threw outside a test counts as one failure. */
export function countSessions(sessions) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const session of sessions) {
    const before = totals.failed;
    if (session.testResults) countSuite(session.testResults, totals);
    const brokenOutsideTests = session.passed === false && totals.failed === before;
    if (brokenOutsideTests) totals.failed += 1;
  }
  return totals;
}

export function totalsReporter({ file = process.env.WTR_TOTALS_FILE } = {}) {
  return {
    stop({ sessions }) {
      const totals = countSessions(sessions);
      if (file) writeFileSync(file, JSON.stringify(totals));
      console.log(`\nBrowser tests: ${formatTotals(totals)}`);
    },
  };
}
