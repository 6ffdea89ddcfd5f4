// Parsing of the hardware commands' output, on samples of hosts unlike the test machine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  formatGiB,
  parseCpuInfo,
  parseDf,
  parseMemTotal,
  parseOsRelease,
  summarizeDisks,
} from '../../../demo/server/tasks/hardware-parse.ts';

const cpuBlock = (processor: number, physical: number) =>
  [
    `processor\t: ${processor}`,
    'model name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz',
    `physical id\t: ${physical}`,
    'cpu cores\t: 2',
    '',
  ].join('\n');

test('cpuinfo: model, sockets from distinct physical ids, cores per socket times sockets', () => {
  const twoSockets = [0, 1, 2, 3, 4, 5, 6, 7].map((p) => cpuBlock(p, p < 4 ? 0 : 1)).join('\n');
  assert.deepEqual(parseCpuInfo(twoSockets), {
    model: 'Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz',
    sockets: 2,
    cores: 4,
  });
  // Many ARM boards print neither physical id nor cpu cores: one socket, one core per processor.
  assert.deepEqual(parseCpuInfo('processor\t: 0\nModel\t: Raspberry Pi 4\n\nprocessor\t: 1\n'), {
    model: 'Raspberry Pi 4',
    sockets: 1,
    cores: 2,
  });
  assert.deepEqual(parseCpuInfo(''), { model: null, sockets: null, cores: null });
});

test('memory and sizes render as JumpServer does ("15.6 G")', () => {
  assert.equal(parseMemTotal('MemTotal:       16337620 kB\nMemFree:  1 kB\n'), 16337620 * 1024);
  assert.equal(formatGiB(16337620 * 1024), '15.6 G');
  assert.equal(formatGiB(0), '0.0 G');
  assert.equal(parseMemTotal('nothing here'), null);
});

test('os-release: quoted and bare values', () => {
  const release = parseOsRelease(
    'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n',
  );
  assert.equal(release.NAME, 'Debian GNU/Linux');
  assert.equal(release.VERSION_ID, '12');
  assert.equal(release.ID, 'debian');
});

test('df: block devices and the root overlay count once each; pseudo file systems do not', () => {
  const df = [
    'Filesystem      1-blocks        Used   Available Capacity Mounted on',
    'overlay     105554829312 10 10 1% /',
    'tmpfs           67108864 0 67108864 0% /dev',
    '/dev/vda1   105554829312 10 10 1% /etc/hosts',
    '/dev/vda1   105554829312 10 10 1% /etc/hostname',
    '/dev/sdb1  1099511627776 10 10 1% /data disk',
  ].join('\n');
  const disks = parseDf(df);
  assert.deepEqual(
    disks.map((d) => d.mount),
    ['/', '/etc/hosts', '/data disk'],
  );
  const summary = summarizeDisks(disks);
  assert.equal(summary.disk_total, '1220.6 G');
  assert.deepEqual(JSON.parse(summary.disk_info!), { '/': '98.3 G', '/etc/hosts': '98.3 G', '/data disk': '1024.0 G' });
  assert.deepEqual(summarizeDisks([]), { disk_total: null, disk_info: null });
});
