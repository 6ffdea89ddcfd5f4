// Bench section: one batch command on 100 assets served by the private sshd (scripts/bench/batch-bench.ts).
import { tsImport } from 'tsx/esm/api';
import { ms, within } from './stats.mjs';

export const batch = {
  name: 'batch',
  needs: ['sshd'],
  needsBuild: false,
  title:
    'Batch command `uname -a` on 100 assets (private sshd on ten 127.x addresses; output followed over /ws/ops/tasks/log/)',
  async run() {
    const bench = await tsImport('./batch-bench.ts', import.meta.url);
    const r = await bench.benchBatch();
    const rows = [
      [
        "first host's output on the socket (ms)",
        ms(r.firstOutput),
        `<= ${bench.FIRST_OUTPUT_BUDGET_MS}`,
        within(r.firstOutput, bench.FIRST_OUTPUT_BUDGET_MS),
      ],
      [
        'all 100 done, last frame (ms)',
        ms(r.allDone),
        `<= ${bench.ALL_DONE_BUDGET_MS}`,
        within(r.allDone, bench.ALL_DONE_BUDGET_MS),
      ],
      ['hosts succeeded / failed', `${r.ok} / ${r.failed}`, '100 / 0', r.ok === 100 ? 'yes' : 'NO'],
      ['server peak RSS (MB, bench process)', ms(r.peakRssMb), '', ''],
      [
        `users list while running: p50 / p99 / max ms (${r.list.count} calls)`,
        `${ms(r.list.p50)} / ${ms(r.list.p99)} / ${ms(r.list.max)}`,
        `max <= ${bench.LIST_WAIT_BUDGET_MS}`,
        within(r.list.max, bench.LIST_WAIT_BUDGET_MS),
      ],
    ];
    return { headers: ['measure', 'figure', 'budget', 'within'], rows };
  },
};
