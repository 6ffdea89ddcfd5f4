// Command filter rules nested at /api/v1/assets/cmd-filters/<filter_id>/rules/ (§2.3): not bulk,
// ordered -priority then action, validated priority and regex content, scoped to the filter and org.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from './assets-fixture.ts';

const FILTERS = '/api/v1/assets/cmd-filters/';

test('a filter with two rules: defaults, order, displays, and the filter lists its rule ids', async (t) => {
  const { call, get } = await assetsApp(t);
  const filter = (await call('POST', FILTERS, { name: 'Audit only' })).json();
  const rules = `${FILTERS}${filter.id}/rules/`;
  const deny = await call('POST', rules, { filter: filter.id, content: 'rm -rf /\nreboot' });
  assert.equal(deny.statusCode, 201, deny.body);
  assert.deepEqual(
    [
      deny.json().priority,
      deny.json().action,
      deny.json().action_display,
      deny.json().type,
      deny.json().type_display,
      deny.json().filter,
    ],
    [50, 0, 'Deny', 'command', 'Command', filter.id],
  );
  const allow = await call('POST', rules, {
    filter: filter.id,
    content: '^ls',
    type: 'regex',
    action: 1,
    priority: 70,
  });
  assert.equal(allow.statusCode, 201, allow.body);
  const listed = await get(rules);
  assert.deepEqual(
    listed.map((r: { id: string }) => r.id),
    [allow.json().id, deny.json().id],
    'higher priority first',
  );
  assert.deepEqual((await get(`${FILTERS}${filter.id}/`)).rules, [allow.json().id, deny.json().id]);
  assert.equal((await call('PATCH', `${rules}${deny.json().id}/`, { priority: 99 })).json().priority, 99);
  assert.equal((await get(rules))[0].id, deny.json().id);
  assert.equal((await call('DELETE', `${rules}${allow.json().id}/`)).statusCode, 204);
  assert.equal((await get(rules)).length, 1);
});

test('rules validate priority, regex content and required content; other filters and orgs see nothing', async (t) => {
  const { call, get, ops } = await assetsApp(t);
  const filter = (await call('POST', FILTERS, { name: 'F1' })).json();
  const other = (await call('POST', FILTERS, { name: 'F2' })).json();
  const rules = `${FILTERS}${filter.id}/rules/`;
  assert.deepEqual((await call('POST', rules, { filter: filter.id, content: 'x', priority: 101 })).json(), {
    priority: ['Ensure this value is less than or equal to 100.'],
  });
  assert.deepEqual((await call('POST', rules, { filter: filter.id, content: 'a(b', type: 'regex' })).json(), {
    content: ['Invalid regex: a(b'],
  });
  assert.deepEqual((await call('POST', rules, {})).json(), {
    filter: ['This field is required.'],
    content: ['This field is required.'],
  });
  const rule = (await call('POST', rules, { filter: filter.id, content: 'shutdown' })).json();
  assert.deepEqual(await get(`${FILTERS}${other.id}/rules/`), []);
  assert.equal((await call('GET', `${FILTERS}${other.id}/rules/${rule.id}/`)).statusCode, 404);
  const foreign = await call('GET', rules, undefined, { org: ops });
  assert.deepEqual([foreign.statusCode, foreign.json()], [404, { detail: 'Command filter object does not exist.' }]);
  assert.equal((await call('GET', rules, undefined, { as: 'user' })).statusCode, 403);
  assert.equal((await call('PUT', rules, [])).statusCode, 405, 'not a bulk route');
});

test('filter is required in the body of create and PUT (as 2.3), must be visible, and the rule is stored under it', async (t) => {
  const { call, db, ops } = await assetsApp(t);
  const filter = (await call('POST', FILTERS, { name: 'F1' })).json();
  const second = (await call('POST', FILTERS, { name: 'F2' })).json();
  const foreign = (await call('POST', FILTERS, { name: 'F3' }, { org: ops })).json();
  const rules = `${FILTERS}${filter.id}/rules/`;
  const count = () => db.prepare('SELECT COUNT(*) FROM cmd_filter_rules').pluck().get();
  const before = count();
  const missing = await call('POST', rules, { content: 'reboot' });
  assert.deepEqual([missing.statusCode, missing.json()], [400, { filter: ['This field is required.'] }]);
  const hidden = await call('POST', rules, { filter: foreign.id, content: 'reboot' });
  assert.deepEqual(
    [hidden.statusCode, hidden.json()],
    [400, { filter: [`Invalid pk "${foreign.id}" - object does not exist.`] }],
  );
  assert.equal(count(), before);
  const rule = (await call('POST', rules, { filter: filter.id, content: 'reboot' })).json();
  assert.equal(rule.filter, filter.id);
  const put = await call('PUT', `${rules}${rule.id}/`, { content: 'halt' });
  assert.deepEqual([put.statusCode, put.json()], [400, { filter: ['This field is required.'] }]);
  assert.equal(
    (await call('PATCH', `${rules}${rule.id}/`, { priority: 60 })).statusCode,
    200,
    'PATCH may leave it out',
  );
  const moved = await call('PUT', `${rules}${rule.id}/`, { filter: second.id, content: 'halt' });
  assert.equal(moved.statusCode, 200, moved.body);
  assert.equal(db.prepare('SELECT filter_id FROM cmd_filter_rules WHERE id = ?').pluck().get(rule.id), second.id);
});
