// Nothing leaves the machine: every address the seed, the benchmark seed and the test fixtures give an
// asset or a gateway is in 127.0.0.0/8, so a connectivity test, a hardware refresh or a session on any
// of them stays on loopback. A source scan keeps new fixtures honest.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { bulkAssetIp } from '../../../scripts/bench/server/bulk-seed.ts';
import { parseAllowedTargets } from '../../../demo/shared/allowed-targets.ts';
import { demoMariaDbAddress } from '../../../scripts/lib/demo-mariadb.mjs';
import { build } from '../helpers.ts';

const loopback = parseAllowedTargets('127.0.0.0/8');

// Files that hold addresses outside loopback on purpose: they prove those are refused, never reached.
const REFUSAL_FIXTURES = new Set([
  'demo/shared/allowed-targets.ts',
  'test/server/house/allowed-targets.test.ts',
  'test/server/tasks/tasks-allow-list.test.ts',
]);

test("the seeded demo assets, gateways and database apps, in every org, are on loopback, and so is npm start's demo MariaDB", async (t) => {
  const app = await build(t);
  const rows = app.bastion.db
    .prepare(
      `SELECT 'asset ' || hostname AS what, ip FROM assets UNION ALL SELECT 'gateway ' || name, ip FROM gateways
    UNION ALL SELECT 'database app ' || name, host FROM database_apps`,
    )
    .all() as { what: string; ip: string }[];
  assert.ok(rows.length >= 30, `the seed has assets (${rows.length})`);
  assert.ok(
    rows.some((row) => row.what.startsWith('database app ')),
    'the seed has database apps',
  );
  assert.deepEqual(
    rows.filter((row) => !loopback.allows(row.ip)),
    [],
  );
  assert.ok(loopback.allows(demoMariaDbAddress({})!.host));
});

test('the benchmark seed puts its assets on loopback, however many', () => {
  for (const n of [1, 255, 256, 65_535, 65_536, 100_000, 8_388_607, 2 ** 31 - 1])
    assert.ok(loopback.allows(bulkAssetIp(n)), `${n}: ${bulkAssetIp(n)}`);
});

test('no source, seed, benchmark or test file names an IPv4 address outside 127.0.0.0/8', () => {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', 'demo', 'test', 'scripts', 'src'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|js|html)$/.test(file) && !REFUSAL_FIXTURES.has(file));
  assert.ok(files.length > 100, `scanned ${files.length} files`);
  // Four octets, or three and a template expression (`a.b.c.${n}`); a CIDR suffix or an octet over
  // 255 marks a value that is only validated, never connected to.
  const literal = /(?<![\w.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3}|\$\{)(?![\d.]|\/\d)/g;
  const found: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const match of line.matchAll(literal)) {
          const octets = match
            .slice(1, 5)
            .filter((part) => part !== '${')
            .map(Number);
          if (octets.some((octet) => octet > 255) || octets[0] === 127) continue;
          // 0.0.0.0 is the "every interface" of a listen setting, which the server maps to loopback when
          // it connects: never a destination.
          if (match[0] === '0.0.0.0') continue;
          found.push(`${file}:${index + 1}: ${match[0]}`);
        }
      });
  }
  assert.deepEqual(found, []);
});
