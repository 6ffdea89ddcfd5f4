// `npm test` always ends in its summary line: a step that hangs is stopped at its time and counted failed
// with the tests it had finished, and a step that has exited is done even when something it left running
// still holds its output open (CI once hit its hard limit with no summary at all).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runStep } from '../../../scripts/test/spawn-step.mjs';
import { countStoppedNodeTests, parseNodeTestTotals } from '../../../scripts/test/totals.mjs';

test('a step past its time is stopped, with its whole process group, and says so', async () => {
  const started = Date.now();
  const step = await runStep('hangs', 'bash', ['-c', 'echo begun; sleep 120 & wait'], { timeoutMs: 1500 });
  assert.equal(step.timedOut, true);
  assert.equal(step.code, 124);
  assert.match(step.output, /begun/);
  assert.match(step.output, /hangs: still running after 0 min; stopped \(counted as a failure\)/);
  assert.ok(Date.now() - started < 20_000, 'the step ended soon after its time');
});

test('a step that exited is done although a process it left behind keeps its output open', async () => {
  const started = Date.now();
  const step = await runStep('leaks', 'bash', ['-c', 'echo done; (sleep 15 &); exit 3']);
  assert.equal(step.timedOut, false);
  assert.equal(step.code, 3);
  assert.equal(step.output, 'done\n');
  assert.ok(Date.now() - started < 20_000, 'not held by the leftover sleep');
});

test('a stopped node:test run counts the tests it finished and one failure for the test it was in', () => {
  const output = [
    '✔ signs in (12.5ms)',
    '  ✔ a subtest is not counted twice (1ms)',
    '✖ refuses a bad key (30ms)',
    '﹣ skipped on this machine (0.1ms) # SKIP',
    '✔ lists assets (3ms)',
    'some log line',
  ].join('\n');
  assert.equal(parseNodeTestTotals(output), null, 'no summary was printed');
  assert.deepEqual(countStoppedNodeTests(output), { passed: 2, failed: 2, skipped: 1 });
});
