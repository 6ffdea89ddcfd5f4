// Hardware refresh: read-only commands over an open SSH connection, each one logged, turned into
// the asset's hardware columns. Nothing is written on the host.
import type { Client } from 'ssh2';
import { runCommand } from './ssh/exec.ts';
import {
  firstLine,
  formatGiB,
  parseCpuInfo,
  parseDf,
  parseMemTotal,
  parseOsRelease,
  summarizeDisks,
} from './hardware-parse.ts';

export interface HardwareInfo {
  vendor: string | null;
  model: string | null;
  sn: string | null;
  cpu_model: string | null;
  cpu_count: number | null;
  cpu_cores: number | null;
  cpu_vcpus: number | null;
  memory: string | null;
  disk_total: string | null;
  disk_info: string | null;
  os: string | null;
  os_version: string | null;
  os_arch: string | null;
  hostname_raw: string | null;
}

const COMMANDS = {
  system: 'uname -s',
  arch: 'uname -m',
  kernel: 'uname -r',
  hostname: 'hostname',
  vcpus: 'nproc',
  cpuinfo: 'cat /proc/cpuinfo',
  meminfo: 'cat /proc/meminfo',
  df: 'df -P -B1',
  osRelease: 'cat /etc/os-release',
  vendor: 'cat /sys/class/dmi/id/sys_vendor',
  product: 'cat /sys/class/dmi/id/product_name',
  serial: 'cat /sys/class/dmi/id/product_serial',
} as const;

type Outputs = Record<keyof typeof COMMANDS, string>;

export async function collectHardware(
  client: Client,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<HardwareInfo> {
  const out = {} as Outputs;
  for (const [key, command] of Object.entries(COMMANDS) as [keyof Outputs, string][]) {
    const result = await runCommand(client, command, timeoutMs);
    const readable = result.code === 0;
    out[key] = readable ? result.stdout : '';
    const summary = readable
      ? summarize(key, result.stdout)
      : `not readable (${firstLine(result.stderr, 120) ?? `exit ${result.code}`})`;
    log(`$ ${command}: ${summary}`);
  }
  return toHardwareInfo(out);
}

function summarize(key: keyof Outputs, stdout: string): string {
  if (key === 'cpuinfo') return parseCpuInfo(stdout).model ?? 'no model name';
  if (key === 'meminfo') {
    const bytes = parseMemTotal(stdout);
    return bytes === null ? 'no MemTotal' : `MemTotal ${formatGiB(bytes)}`;
  }
  if (key === 'df') return `${parseDf(stdout).length} file system(s)`;
  if (key === 'osRelease') {
    const release = parseOsRelease(stdout);
    return `${release.NAME ?? '?'} ${release.VERSION_ID ?? ''}`.trim();
  }
  return firstLine(stdout, 120) ?? '(empty)';
}

function toHardwareInfo(out: Outputs): HardwareInfo {
  const cpu = parseCpuInfo(out.cpuinfo);
  const vcpus = Number.parseInt(out.vcpus, 10);
  const memory = parseMemTotal(out.meminfo);
  const release = parseOsRelease(out.osRelease);
  const int = (value: number | null): number | null =>
    value !== null && Number.isFinite(value) && value > 0 ? value : null;
  return {
    vendor: firstLine(out.vendor, 64),
    model: firstLine(out.product, 54),
    sn: firstLine(out.serial, 128),
    cpu_model: cpu.model ? cpu.model.slice(0, 64) : null,
    cpu_count: int(cpu.sockets),
    cpu_cores: int(cpu.cores),
    cpu_vcpus: int(vcpus),
    memory: memory === null ? null : formatGiB(memory),
    ...summarizeDisks(parseDf(out.df)),
    os: firstLine(release.NAME ?? out.system, 128),
    os_version: firstLine(release.VERSION_ID ?? out.kernel, 16),
    os_arch: firstLine(out.arch, 16),
    hostname_raw: firstLine(out.hostname, 128),
  };
}
