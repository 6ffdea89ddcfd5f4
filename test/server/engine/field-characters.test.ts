// Names, usernames, hostnames and every other single-line text field refuse NUL, C0/C1 controls and
// bidi overrides with a field error (zh + en); multi-line fields (comments) keep their line breaks.
// Derived from the definitions: every writable single-line string field of every resource is tried.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Row } from '../../../demo/server/engine/types.ts';
import { RESOURCES } from '../../../demo/server/resources.ts';
import { IsAppUser } from '../../../demo/server/core/permissions.ts';
import { fixture } from './contract-helpers.ts';

const HOSTILE = [
  'a\u0000b',
  'bell\u0007',
  'esc\u001b[31m',
  'c1\u0085x',
  'evil\u202Etxt.exe',
  'iso\u2066late',
  'tab\tname',
];
const EN = ['Control characters and text-direction overrides are not allowed.', 'Null characters are not allowed.'];
const TEXT_TYPES = new Set(['string', 'email', 'url']);

for (const def of RESOURCES) {
  const fields = Object.entries(def.fields).filter(
    ([, field]) =>
      TEXT_TYPES.has(field.type) &&
      !field.read_only &&
      !field.write_only &&
      !field.multiline &&
      !field.relation &&
      !field.choices,
  );
  if (!fields.length || !(def.actions ?? ['update']).includes('update')) continue;
  // Updated by terminals only (a session by the one that opened it): the contract suite checks that the
  // admin this suite writes as is refused.
  if (def.permissions?.update === IsAppUser) continue;
  test(`${def.name}: single-line text fields refuse control and bidi-override characters`, async (t) => {
    const f = await fixture(t, def);
    const [made] = await f.createSamples(def, 1);
    const url = `${def.url}${made.got.id}/`;
    const stored = () => f.app.bastion.db.prepare(`SELECT * FROM ${def.table} WHERE id = ?`).get(made.got.id) as Row;
    const before = stored();
    for (const [name] of fields) {
      for (const value of HOSTILE) {
        const response = await f.call('PATCH', url, { [name]: value });
        assert.equal(response.statusCode, 400, `${name}=${JSON.stringify(value)}: ${response.body}`);
        assert.ok(EN.includes(response.json()[name]?.[0]), `${name}: ${response.body}`);
      }
      const zh = await f.call('PATCH', url, { [name]: 'evil\u202Etxt' }, { headers: { 'accept-language': 'zh' } });
      assert.deepEqual(zh.json()[name], ['不允许出现控制字符或文字方向控制字符。']);
    }
    assert.deepEqual(stored(), before);
  });
}

test('multi-line fields keep tabs and line breaks but refuse NUL and bidi overrides', async (t) => {
  const def = RESOURCES.find((d) => d.url === '/api/v1/assets/labels/')!;
  const f = await fixture(t, def);
  const [made] = await f.createSamples(def, 1);
  const url = `${def.url}${made.got.id}/`;
  const ok = await f.call('PATCH', url, { comment: 'line one\n\tline two' });
  assert.deepEqual([ok.statusCode, ok.json().comment], [200, 'line one\n\tline two']);
  for (const value of ['a\u0000b', 'evil\u202Etxt'])
    assert.equal((await f.call('PATCH', url, { comment: value })).statusCode, 400);
});
