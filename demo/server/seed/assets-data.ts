// The demo Assets section, repeated in every org: a node tree, labels, admin and system users, a
// domain with a gateway, two command filters, and ~30 assets on loopback addresses laid out like
// regions and racks (127.10.x Beijing, 127.20.x Shanghai, 127.30.x Office) plus one `localhost` asset
// at 127.0.0.1:22: a demo click on "test connectivity" never sends a packet off this machine.

/** Node paths under the org root (parents listed before children). */
export const SEED_NODE_PATHS = [
  'Beijing',
  'Beijing/Web',
  'Beijing/Web/Frontend',
  'Beijing/Database',
  'Shanghai',
  'Shanghai/Cache',
  'Shanghai/Batch',
  'Shanghai/Batch/Nightly',
  'Office',
];

export const SEED_LABELS: [string, string][] = [
  ['env', 'prod'],
  ['env', 'test'],
  ['env', 'dev'],
  ['team', 'web'],
  ['team', 'data'],
  ['os', 'windows'],
];

export const SEED_ADMIN_USERS = [
  { name: 'Linux root', username: 'root', comment: 'Privileged account on the Linux servers' },
  { name: 'Windows administrator', username: 'Administrator', comment: 'Local administrator on the Windows hosts' },
];

export const SEED_SYSTEM_USERS = [
  {
    name: 'ops',
    username: 'ops',
    protocol: 'ssh',
    login_mode: 'auto',
    priority: 20,
    sudo: '/bin/whoami,/usr/bin/systemctl',
    comment: 'Day-to-day operations',
  },
  {
    name: 'deploy',
    username: 'deploy',
    protocol: 'ssh',
    login_mode: 'auto',
    priority: 30,
    sudo: '/bin/whoami',
    comment: 'Release automation',
  },
  {
    name: 'windows-rdp',
    username: 'rdpuser',
    protocol: 'rdp',
    login_mode: 'manual',
    priority: 20,
    sudo: '',
    comment: 'Remote desktop, password typed at login',
  },
];

export const SEED_FILTERS = [
  {
    name: 'Dangerous commands',
    comment: 'Blocks destructive commands everywhere',
    rules: [
      { type: 'command', content: 'rm -rf /\nreboot\nshutdown\nmkfs', priority: 90, action: 0 },
      { type: 'regex', content: '^dd\\s+if=', priority: 80, action: 0 },
    ],
  },
  {
    name: 'Read only',
    comment: 'Only inspection commands are allowed',
    rules: [
      { type: 'command', content: 'ls\ncat\ntail\nless\ndf\nfree', priority: 60, action: 1 },
      { type: 'regex', content: '.*', priority: 10, action: 0 },
    ],
  },
];

export interface SeedAsset {
  hostname: string;
  ip: string;
  platform: string;
  protocols: string;
  node: string;
  labels: string[];
  admin: number;
  hardware?: boolean;
  domain?: boolean;
}

/**
 * ~30 assets: role, count, node path, platform and labels. Every address is in 127.0.0.0/8 (one
 * /16 per region, one /24 per role), so a demo connectivity test never leaves the machine.
 */
const GROUPS: { role: string; count: number; node: string; platform: string; labels: string[]; net: string }[] = [
  {
    role: 'bj-web',
    count: 6,
    node: 'Beijing/Web/Frontend',
    platform: 'Linux',
    labels: ['env:prod', 'team:web'],
    net: '127.10.1.',
  },
  {
    role: 'bj-api',
    count: 4,
    node: 'Beijing/Web',
    platform: 'Linux',
    labels: ['env:prod', 'team:web'],
    net: '127.10.2.',
  },
  {
    role: 'bj-db',
    count: 4,
    node: 'Beijing/Database',
    platform: 'Linux',
    labels: ['env:prod', 'team:data'],
    net: '127.10.3.',
  },
  { role: 'sh-redis', count: 3, node: 'Shanghai/Cache', platform: 'Linux', labels: ['env:prod'], net: '127.20.1.' },
  {
    role: 'sh-batch',
    count: 4,
    node: 'Shanghai/Batch/Nightly',
    platform: 'Unix',
    labels: ['env:test', 'team:data'],
    net: '127.20.2.',
  },
  {
    role: 'office-win',
    count: 4,
    node: 'Office',
    platform: 'Windows2016',
    labels: ['os:windows', 'env:dev'],
    net: '127.30.1.',
  },
  { role: 'sh-test', count: 4, node: 'Shanghai', platform: 'Linux', labels: ['env:test'], net: '127.20.3.' },
];

export function seedAssetList(): SeedAsset[] {
  let host = 10;
  const assets: SeedAsset[] = GROUPS.flatMap((g) =>
    Array.from({ length: g.count }, (_, i) => {
      host += 1;
      const windows = g.platform.startsWith('Windows');
      return {
        hostname: `${g.role}-${String(i + 1).padStart(2, '0')}`,
        ip: `${g.net}${host}`,
        platform: g.platform,
        protocols: windows ? 'rdp/3389' : i % 3 === 0 ? 'ssh/22 telnet/23' : 'ssh/22',
        node: g.node,
        labels: g.labels,
        admin: windows ? 1 : 0,
        hardware: !windows && i % 2 === 0,
        domain: g.role === 'bj-db',
      };
    }),
  );
  assets.push({
    hostname: 'localhost',
    ip: '127.0.0.1',
    platform: 'Linux',
    protocols: 'ssh/22',
    node: 'Office',
    labels: ['env:dev'],
    admin: 0,
  });
  return assets;
}
