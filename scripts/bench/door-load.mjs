// Bench section `door-load` (only on request: `npm run bench -- door-load`; DOOR_LOAD_SIZES=50,150,300 by
// default): N door sessions at once beside a steady API load, per N (scripts/bench/door-load-run.ts).
import { tsImport } from 'tsx/esm/api';
import { ms } from './stats.mjs';

/** The machine's CPU seconds while the crowd opened, the parts, and what that work allows at best. */
const cpuCell = (cpu) =>
  `${cpu.machine.toFixed(1)} (server ${cpu.server.toFixed(1)}, terminal ${cpu.terminal.toFixed(1)}, bench ${cpu.bench.toFixed(1)}, ` +
  `ssh/sshd/bash ${cpu.rest.toFixed(1)}; >= ${cpu.floor.toFixed(1)} s on these cores)`;
const round = (value) => (Number.isFinite(value) ? ms(value) : '');

export const doorLoad = {
  name: 'door-load',
  needs: ['sshd'],
  needsBuild: false,
  onRequest: true,
  title:
    "Load held: N SSH door sessions at once (OpenSSH client, each user's own password, 5 commands each, bash on a private sshd) " +
    'beside 20 API GETs/s (assets, users, profile); server and terminal as their own processes',
  async run() {
    const bench = await tsImport('./door-load-run.ts', import.meta.url);
    const figures = await bench.doorLoad();
    const rows = figures.map((f) => [
      f.sessions,
      `${f.opened}/${f.sessions}`,
      f.refused,
      f.unchecked + f.otherFailures,
      f.wrongRefused ? 'yes' : 'NO',
      round(f.connect.p50),
      round(f.connect.p95),
      `${f.commands.once}/${f.commands.planned}`,
      `${f.api.sent - f.api.errors}/${f.api.sent}`,
      round(f.api.p50),
      round(f.api.p99),
      `${f.load.before.toFixed(2)} → ${f.load.peak.toFixed(2)}`,
      cpuCell(f.openingCpu),
      round(f.seconds),
      f.sessions > bench.BUDGET_SESSIONS ? 'report only' : bench.withinBudget(f) ? 'yes' : 'NO',
    ]);
    const notes = [
      '',
      `budget (${bench.BUDGET_SESSIONS} sessions at once or fewer): all open with the right password, none refused, a wrong one (one more client in the crowd) refused, every command recorded exactly once, ` +
        `connect p95 <= ${bench.CONNECT_P95_BUDGET_MS} ms, no API error, API p99 <= ${bench.API_P99_BUDGET_MS} ms`,
      "connect: from starting the client to the asset's shell prompt (sign-in, the door's menu, opening the asset); " +
        'right pw refused: right passwords the door refused as wrong; other failures: the door could not check the sign-in, or a later step failed; ' +
        "recorded once: commands stored exactly once by the server, of sessions x 5; load: the machine's 1-minute load average, at the start and its peak; " +
        "opening CPU: the machine's busy CPU seconds from the first client's start until every session had opened, by process, and that work divided by the cores (the last session cannot open sooner)",
      bench.standInNice() === undefined
        ? 'priority: every process at one priority (DOOR_LOAD_NICE=0)'
        : `priority: the stand-ins for other machines (the ssh clients; the private sshd and its shells) at nice ${bench.standInNice()}, ` +
          'so they yield the CPU to the server, the terminal and the API client they measure; DOOR_LOAD_NICE=0 runs all at one priority',
      ...figures.flatMap((f) => f.firstProblems.map((problem) => `${f.sessions} at once: ${problem}`)),
    ];
    return {
      headers: [
        'sessions',
        'opened',
        'right pw refused',
        'other failures',
        'wrong pw refused',
        'connect p50 ms',
        'connect p95 ms',
        'recorded once',
        'API ok',
        'API p50 ms',
        'API p99 ms',
        'load avg',
        'opening CPU s',
        'seconds',
        'within',
      ],
      rows,
      notes,
    };
  },
};
