// CPU time, read from /proc (Linux): the machine's busy seconds on all cores, and one process's own (user +
// system, its threads included). The door-load bench reports where the crowd's CPU went: on a 2-core machine,
// N sessions opened at once cannot all be open before (the work of opening them) / 2 seconds.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Clock ticks per second as /proc reports them (USER_HZ: 100 on every Linux build we run on). */
const TICKS = 100;

/** Busy seconds of all cores since boot: everything in /proc/stat's `cpu` line but idle and iowait. */
export function machineBusySeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user)
  const [user, nice, system, , , irq, softirq, steal] = fields;
  return (user + nice + system + irq + softirq + (steal ?? 0)) / TICKS;
}

/** A process's user + system seconds so far; 0 once it is gone. */
export function processSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(after[11]) + Number(after[12])) / TICKS;
  } catch {
    return 0;
  }
}

export interface CpuSplit {
  /** The machine's busy seconds, all cores. */
  machine: number;
  server: number;
  terminal: number;
  /** This process: the bench's clients' pipes and the API load. */
  bench: number;
  /** Everything else: the OpenSSH clients, sshd and its shells, the kernel's loopback. */
  rest: number;
  /** machine / cores: no schedule finishes the same work sooner. */
  floor: number;
}

/** Starts counting; `stop()` answers the seconds each part used since. */
export function cpuWatch(pids: { server?: number; terminal?: number }) {
  const read = () => ({
    machine: machineBusySeconds(),
    server: processSeconds(pids.server),
    terminal: processSeconds(pids.terminal),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  });
  const before = read();
  return {
    stop(): CpuSplit {
      const after = read();
      const machine = after.machine - before.machine;
      const server = after.server - before.server;
      const terminal = after.terminal - before.terminal;
      const bench = after.bench - before.bench;
      return {
        machine,
        server,
        terminal,
        bench,
        rest: machine - server - terminal - bench,
        floor: machine / availableParallelism(),
      };
    },
  };
}
