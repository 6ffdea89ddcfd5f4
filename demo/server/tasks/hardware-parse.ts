// Pure parsers for the output of the read-only commands the hardware refresh runs on a Linux host.

const GIB = 1024 ** 3;

/** "15.6 G", JumpServer's rendering of memory and disk sizes (GiB, one decimal). */
export const formatGiB = (bytes: number): string => `${(Math.round((bytes / GIB) * 10) / 10).toFixed(1)} G`;

export interface CpuInfo {
  model: string | null;
  sockets: number | null;
  cores: number | null;
}

/** model name, distinct physical ids (sockets) and cores per socket × sockets from /proc/cpuinfo. */
export function parseCpuInfo(text: string): CpuInfo {
  const values = (key: string): string[] =>
    text
      .split('\n')
      .filter((line) => line.split(':')[0]?.trim() === key)
      .map((line) => line.slice(line.indexOf(':') + 1).trim());
  const model = values('model name')[0] ?? values('Model')[0] ?? values('Hardware')[0] ?? null;
  const physicalIds = new Set(values('physical id'));
  const processors = values('processor').length;
  const sockets = physicalIds.size || (processors ? 1 : null);
  const perSocket = Number.parseInt(values('cpu cores')[0] ?? '', 10);
  const cores = Number.isFinite(perSocket) && sockets ? perSocket * sockets : processors || null;
  return { model, sockets, cores };
}

/** MemTotal of /proc/meminfo in bytes, or null. */
export function parseMemTotal(text: string): number | null {
  const match = /^MemTotal:\s+(\d+)\s*kB/m.exec(text);
  return match ? Number(match[1]) * 1024 : null;
}

/** KEY=value pairs of /etc/os-release (quotes removed). */
export function parseOsRelease(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) out[match[1]] = match[2].replace(/^(["'])(.*)\1$/, '$2');
  }
  return out;
}

export interface DiskUsage {
  mount: string;
  bytes: number;
}

/**
 * Real file systems of `df -P -B1`: block devices, plus the root mount (an overlay in containers).
 * A device mounted several times (bind mounts) counts once, under its first mount point.
 */
export function parseDf(text: string): DiskUsage[] {
  const seen = new Set<string>();
  const disks: DiskUsage[] = [];
  for (const line of text.trim().split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols.length < 6) continue;
    const [device, size] = cols;
    const mount = cols.slice(5).join(' ');
    const bytes = Number(size);
    if (!Number.isFinite(bytes) || bytes <= 0) continue;
    if (!device.startsWith('/dev/') && mount !== '/') continue;
    if (seen.has(device)) continue;
    seen.add(device);
    disks.push({ mount, bytes });
  }
  return disks;
}

/** disk_total "98.3 G" and disk_info `{"/": "98.3 G", ...}`, kept within the column's 1024 characters. */
export function summarizeDisks(disks: DiskUsage[]): { disk_total: string | null; disk_info: string | null } {
  if (!disks.length) return { disk_total: null, disk_info: null };
  const total = disks.reduce((sum, disk) => sum + disk.bytes, 0);
  const info: Record<string, string> = {};
  for (const disk of disks) {
    info[disk.mount] = formatGiB(disk.bytes);
    if (JSON.stringify(info).length > 1024) {
      delete info[disk.mount];
      break;
    }
  }
  return { disk_total: formatGiB(total), disk_info: JSON.stringify(info) };
}

/** First line, trimmed and cut to a column's max length; empty or unreadable -> null. */
export function firstLine(text: string, max: number): string | null {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line ? line.slice(0, max) : null;
}
