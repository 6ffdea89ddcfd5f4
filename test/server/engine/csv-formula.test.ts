// Exported cells that a spreadsheet would evaluate (= + - @ tab CR) start with a quote; importing the
// export gives back the original values exactly, including values that begin with a quote.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { escapeFormula, unescapeFormula } from '../../../demo/server/engine/csv-formula.ts';
import { bearer, build } from '../helpers.ts';

const GROUPS = '/api/v1/users/groups/';
// Strings are trimmed on write (DRF's trim_whitespace), so a leading tab/CR only reaches the unit test below.
const VALUES = [
  '=HYPERLINK("http://evil.example","x")',
  '+1+2',
  '-3',
  '@SUM(A1)',
  "'\t=x",
  "'-",
  "'quoted",
  "'=both",
  "''two",
  'plain',
  'a=b',
];

test('the escape rule itself, for tab and CR too', () => {
  for (const value of ['\t=1', '\r=1', '=1', '+', '-', '@', "'", "'=", 'x', '', 'a\t']) {
    const escaped = escapeFormula(value);
    assert.ok(!/^[=+\-@\t\r]/.test(escaped), JSON.stringify(escaped));
    assert.equal(unescapeFormula(escaped).text, value);
  }
  assert.equal(escapeFormula('\tx'), "'\tx");
  assert.equal(escapeFormula('plain'), 'plain');
});

test('dangerous cells are exported behind a quote and imported back unchanged', async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  for (const [i, comment] of VALUES.entries()) {
    const created = await app.inject({ method: 'POST', url: GROUPS, headers, payload: { name: `g${i}`, comment } });
    assert.equal(created.statusCode, 201, created.body);
  }
  const exported = await app.inject({ method: 'GET', url: `${GROUPS}?format=csv&search=g`, headers });
  const records = parse(exported.body, { bom: true }) as string[][];
  const column = records[0].indexOf('Comment');
  const byName = new Map(records.slice(1).map((r) => [r[records[0].indexOf('*Name')], r[column]]));
  assert.equal(byName.get('g0'), `'${VALUES[0]}`);
  assert.equal(byName.get('g2'), "'-3");
  assert.equal(byName.get('g4'), "''\t=x");
  assert.equal(byName.get('g6'), "''quoted");
  assert.equal(byName.get('g9'), 'plain');
  assert.equal(byName.get('g10'), 'a=b');
  for (const cell of byName.values()) assert.ok(!/^[=+\-@\t\r]/.test(cell), JSON.stringify(cell));

  // Round trip: delete the groups, import the export as a create, compare the stored comments.
  app.bastion.db.prepare("DELETE FROM user_groups WHERE name LIKE 'g%'").run();
  const imported = await app.inject({
    method: 'POST',
    url: GROUPS,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: exported.body,
  });
  assert.equal(imported.statusCode, 201, imported.body);
  const stored = app.bastion.db.prepare("SELECT name, comment FROM user_groups WHERE name LIKE 'g%'").all() as {
    name: string;
    comment: string;
  }[];
  assert.deepEqual(
    Object.fromEntries(stored.map((r) => [r.name, r.comment])),
    Object.fromEntries(VALUES.map((v, i) => [`g${i}`, v])),
  );
});

test('a hand-written cell that starts with a quote keeps it', async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'content-type': 'text/csv' };
  const response = await app.inject({ method: 'POST', url: GROUPS, headers, payload: "name,comment\nq1,'tis\n" });
  assert.equal(response.statusCode, 201, response.body);
  assert.equal(app.bastion.db.prepare("SELECT comment FROM user_groups WHERE name = 'q1'").pluck().get(), "'tis");
});
