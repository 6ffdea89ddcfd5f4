// Bench section: the terminal's door against a direct connection, in one run (scripts/bench/door-bench.ts):
// keystroke echo through the SSH door and the web terminal beside OpenSSH straight to the same sshd, and
// bulk output through the door beside direct, with recording, command capture and a deny rule on.
import { tsImport } from 'tsx/esm/api';
import { ms, within } from './stats.mjs';

/**
 * The machine's busy CPU seconds per run (every process: client, sshd, the shell's pipeline, the terminal),
 * direct and through the door, and how busy the cores were: the door's work per run caps its ratio to direct
 * (door-bench.ts machineUse), whatever its pace otherwise.
 */
const machineRow = (what, m) => [
  `${what}, machine CPU s per run direct / door (cores busy ${Math.round(m.directBusy * 100)}% / ${Math.round(m.doorBusy * 100)}%)`,
  `${m.directCpuS.toFixed(2)} / ${m.doorCpuS.toFixed(2)}`,
  '',
  '',
  `door / direct <= ${m.ceiling.toFixed(2)} at this CPU per run`,
];

export const door = {
  name: 'door',
  needs: ['sshd'],
  needsBuild: false,
  title:
    'The door against a direct connection (OpenSSH client, bash on a private sshd; 300 echoes each, alternating; 5 bulk runs of 20 MB; SFTP of a 200 MB file both ways, 2 runs)',
  async run() {
    const bench = await tsImport('./door-bench.ts', import.meta.url);
    const { echo, bulk, sftp } = await bench.benchDoor();
    const over = (a, b) => a - b;
    const rows = [
      ['echo, direct SSH', ms(echo.direct.p50), ms(echo.direct.p95), '', ''],
      [
        'echo, SSH door',
        ms(echo.door.p50),
        ms(echo.door.p95),
        `p50 <= direct + ${bench.ECHO_BUDGET.p50}, p95 <= direct + ${bench.ECHO_BUDGET.p95}`,
        within(
          Math.max(
            over(echo.door.p50, echo.direct.p50) - bench.ECHO_BUDGET.p50,
            over(echo.door.p95, echo.direct.p95) - bench.ECHO_BUDGET.p95,
          ),
          0,
        ),
      ],
      [
        'echo, web terminal (server proxy)',
        ms(echo.web.p50),
        ms(echo.web.p95),
        `p50 <= direct + ${bench.WEB_ECHO_BUDGET}`,
        within(over(echo.web.p50, echo.direct.p50), bench.WEB_ECHO_BUDGET),
      ],
      // One set of rows per bulk workload (door-bench.ts runs the random output and the zeros beside it).
      ...Object.entries(bulk).flatMap(([workload, b]) => [
        [`bulk ${workload}, direct (ms, MB/s)`, ms(b.directMs), ms(b.bytes / 1000 / b.directMs), '', ''],
        [
          `bulk ${workload}, SSH door (ms, MB/s)`,
          ms(b.doorMs),
          ms(b.bytes / 1000 / b.doorMs),
          `>= ${bench.THROUGHPUT_BUDGET} x direct`,
          '',
        ],
        [
          `bulk ${workload}, door / direct`,
          ms(b.ratio),
          '',
          `>= ${bench.THROUGHPUT_BUDGET}`,
          within(bench.THROUGHPUT_BUDGET - b.ratio, 0),
        ],
        [`bulk ${workload}, the terminal process's CPU time (ms)`, b.doorCpuMs, '', '', ''],
        machineRow(`bulk ${workload}`, b.machine),
      ]),
      [
        `SFTP upload ${bench.SFTP_FILE_MB} MB, direct / door (MB/s)`,
        ms(sftp.upload.direct),
        ms(sftp.upload.door),
        `door >= ${bench.SFTP_BUDGET} x direct`,
        within(bench.SFTP_BUDGET - sftp.upload.door / sftp.upload.direct, 0),
      ],
      [
        `SFTP download ${bench.SFTP_FILE_MB} MB, direct / door (MB/s)`,
        ms(sftp.download.direct),
        ms(sftp.download.door),
        `door >= ${bench.SFTP_BUDGET} x direct`,
        within(bench.SFTP_BUDGET - sftp.download.door / sftp.download.direct, 0),
      ],
      machineRow('SFTP upload', sftp.upload.machine),
      machineRow('SFTP download', sftp.download.machine),
      [
        "SFTP, the terminal's RSS idle / peak (MB)",
        ms(sftp.idleRssMb),
        ms(sftp.peakRssMb),
        `peak <= idle + ${bench.SFTP_MEMORY_BUDGET_MB}`,
        within(sftp.peakRssMb - sftp.idleRssMb, bench.SFTP_MEMORY_BUDGET_MB),
      ],
    ];
    return { headers: ['measure', 'p50 ms (or figure)', 'p95 ms', 'budget', 'within'], rows };
  },
};
