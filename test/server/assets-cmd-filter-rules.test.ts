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
  const deny = await call('POST', rules, { content: 'rm -rf /\nreboot' });
  assert.equal(deny.statusCode, 201, deny.body);
  assert.deepEqual([deny.json().priority, deny.json().action, deny.json().action_display, deny.json().type, deny.json().type_display, deny.json().filter],
    [50, 0, 'Deny', 'command', 'Command', filter.id]);
  const allow = await call('POST', rules, { content: '^ls', type: 'regex', action: 1, priority: 70 });
  assert.equal(allow.statusCode, 201, allow.body);
  const listed = await get(rules);
  assert.deepEqual(listed.map((r: { id: string }) => r.id), [allow.json().id, deny.json().id], 'higher priority first');
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
  assert.deepEqual((await call('POST', rules, { content: 'x', priority: 101 })).json(), { priority: ['Ensure this value is less than or equal to 100.'] });
  assert.deepEqual((await call('POST', rules, { content: 'a(b', type: 'regex' })).json(), { content: ['Invalid regex: a(b'] });
  assert.deepEqual((await call('POST', rules, {})).json(), { content: ['This field is required.'] });
  const rule = (await call('POST', rules, { content: 'shutdown' })).json();
  assert.deepEqual(await get(`${FILTERS}${other.id}/rules/`), []);
  assert.equal((await call('GET', `${FILTERS}${other.id}/rules/${rule.id}/`)).statusCode, 404);
  const foreign = await call('GET', rules, undefined, { org: ops });
  assert.deepEqual([foreign.statusCode, foreign.json()], [404, { detail: 'Command filter object does not exist.' }]);
  assert.equal((await call('GET', rules, undefined, { as: 'user' })).statusCode, 403);
  assert.equal((await call('PUT', rules, [])).statusCode, 404, 'not a bulk route');
});
