// Bench section `soak` (only on request: `npm run bench -- soak`, SOAK_MINUTES to shorten it): the server and
// the terminal as processes on the project's Node for ten minutes under writes, door sessions and GC pressure
// (scripts/bench/soak-run.ts), per minute, with a verdict on aborts, crashes and memory growth.
import { tsImport } from 'tsx/esm/api';

export const soak = {
  name: 'soak',
  needs: ['sshd'],
  needsBuild: false,
  onRequest: true,
  get title() {
    return (
      `Soak: server and terminal for ${Number(process.env.SOAK_MINUTES || 10)} min under writes, door sessions and GC pressure ` +
      `(RSS median of 5 s samples, heap: the median a full GC left that minute (what is live), MB; GCs: all (full); V8 flags: ${process.env.SOAK_NODE_FLAGS ?? '--max-semi-space-size=1'})`
    );
  },
  async run() {
    const { soak: run } = await tsImport('./soak-run.ts', import.meta.url);
    const result = await run();
    const rows = [
      ...result.rows,
      [
        'total',
        '',
        '',
        '',
        '',
        '',
        '',
        result.totals.requests,
        result.totals.errors,
        `${result.totals.sessions}/${result.totals.sessions + result.totals.failed}`,
      ],
    ];
    const notes = [
      '',
      `runtime: ${result.runtimes.join(', ')}`,
      ...result.firstErrors.map((error) => `error: ${error}`),
      `verdict: ${result.verdict}`,
    ];
    return {
      notes,
      headers: [
        '',
        'server RSS',
        'server heap',
        'server GCs',
        'terminal RSS',
        'terminal heap',
        'terminal GCs',
        'requests',
        'errors',
        'sessions ok',
      ],
      rows,
    };
  },
};
