// The contract every resource definition must honour (§1.5–§1.11): resources.contract.test.ts runs
// it over the registry, so a new definition is checked without writing a test for it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Action, ResourceDef, Row } from '../../../demo/server/engine/types.ts';
import { assertEcho, fixture, idsOf, requiredFields } from './contract-helpers.ts';
import { csvContract } from './contract-csv.ts';
import { bulkContract } from './contract-bulk.ts';

export function resourceContract(def: ResourceDef): void {
  const offers = (action: Action) =>
    (def.actions ?? ['list', 'retrieve', 'create', 'update', 'delete']).includes(action);
  const name = (what: string) => `${def.name}: ${what}`;

  test(name('list pages, orders, searches and filters'), async (t) => {
    const f = await fixture(t, def);
    const [a, b] = await f.createSamples(def);
    const ids = [String(a.got.id), String(b.got.id)];
    const bare = await f.call('GET', def.url);
    assert.ok(Array.isArray(bare.json()), 'no limit → a bare array');
    const page = (await f.call('GET', `${def.url}?limit=1&ids=${ids}`)).json();
    assert.equal(page.count, 2);
    assert.equal(page.results.length, 1);
    assert.match(page.next, /limit=1&.*offset=1/);
    assert.equal(page.previous, null);
    const last = (await f.call('GET', `${def.url}?limit=1&offset=1&ids=${ids}`)).json();
    assert.equal(last.next, null);
    assert.deepEqual([...idsOf(page), ...idsOf(last)].sort(), [...ids].sort(), 'the two pages hold both rows');
    for (const field of def.orderingFields ?? []) {
      const values = async (order: string) =>
        ((await f.call('GET', `${def.url}?order=${order}`)).json() as Row[]).map((r) =>
          JSON.stringify(r[field] ?? null),
        );
      assert.deepEqual(
        (await values(field)).reverse(),
        await values(`-${field}`),
        `order=${field} is the reverse of order=-${field}`,
      );
    }
    const searchField = (def.searchFields ?? [])[0]?.replace(/^\^/, '');
    if (searchField) {
      const term = String(a.got[searchField] ?? a.got.id);
      assert.ok(
        idsOf((await f.call('GET', `${def.url}?search=${encodeURIComponent(term)}`)).json()).includes(ids[0]),
        `search=${term}`,
      );
      const both = `${term} zz-no-such-word-zz`;
      assert.ok(
        !idsOf((await f.call('GET', `${def.url}?search=${encodeURIComponent(both)}`)).json()).includes(ids[0]),
        'words are AND-ed',
      );
    }
    for (const field of def.filterFields ?? []) {
      const value = a.got[field];
      if (value === null || value === undefined || typeof value === 'object') continue;
      const rows = (await f.call('GET', `${def.url}?${field}=${encodeURIComponent(String(value))}`)).json() as Row[];
      assert.ok(
        rows.some((r) => String(r.id) === ids[0]),
        `filter ${field}=${value} keeps the row`,
      );
      assert.ok(
        rows.every((r) => String(r[field]) === String(value)),
        `filter ${field}=${value} is exact`,
      );
    }
    if (def.fieldsMini) {
      const mini = (await f.call('GET', `${def.url}?fields_size=mini&ids=${ids[0]}`)).json() as Row[];
      assert.deepEqual(Object.keys(mini[0]).sort(), [...def.fieldsMini].sort());
    }
  });

  test(name('OPTIONS describes fields per role and language; actions only for callers who may use them'), async (t) => {
    const f = await fixture(t, def);
    for (const as of ['admin', 'orgadmin', 'user', 'sysauditor']) {
      const response = await f.call('OPTIONS', def.url, undefined, { as });
      if (!f.may(as, 'list')) {
        assert.equal(response.statusCode, 403, `${as} may not list`);
        continue;
      }
      const { actions } = response.json() as { actions: Record<string, Record<string, Row>> };
      const expected = (['POST', 'PUT', 'GET'] as const).filter((m) => {
        const action: Action = m === 'POST' ? 'create' : m === 'PUT' ? 'update' : 'list';
        // A list takes PUT only when it is bulk (2.3's SimpleMetadata describes the methods the view has).
        return offers(action) && f.may(as, action) && (m !== 'PUT' || !!def.bulk);
      });
      assert.deepEqual(Object.keys(actions), expected, `${as}: actions`);
      for (const [fieldName, field] of Object.entries(def.fields)) {
        const info = actions.GET[fieldName];
        assert.equal(info.label, field.label.en, `${as}: ${fieldName} label`);
        assert.equal(info.required, Boolean(field.required && !field.read_only), `${fieldName} required`);
        assert.equal(info.read_only, Boolean(field.read_only), `${fieldName} read_only`);
        assert.equal(info.filter, def.filterFields?.includes(fieldName) || undefined, `${fieldName} filter flag`);
        assert.equal(info.order, def.orderingFields?.includes(fieldName) || undefined, `${fieldName} order flag`);
        if (field.choices && !field.read_only) {
          const allowed = field.choices.map((c) => String(c.value));
          assert.ok(
            (info.choices as { value: unknown }[]).every((c) => allowed.includes(String(c.value))),
            `${fieldName} choices`,
          );
        }
      }
    }
    const zh = (await f.call('OPTIONS', def.url, undefined, { headers: { 'accept-language': 'zh-CN' } })).json();
    for (const [fieldName, field] of Object.entries(def.fields))
      assert.equal(zh.actions.GET[fieldName].label, field.label.zh);
  });

  test(name('create, retrieve, update and delete round trip; 400 and 404 bodies'), async (t) => {
    const f = await fixture(t, def);
    const [{ sent, got }] = await f.createSamples(def, 1);
    assertEcho(def, sent, got, 'create');
    const detail = `${def.url}${got.id}/`;
    const read = await f.call('GET', detail);
    assert.equal(read.statusCode, 200);
    assertEcho(def, sent, read.json(), 'retrieve');
    if (offers('update') && !f.may('admin', 'update')) {
      // Updated by other callers only (a session by the terminal that opened it): the admin is refused.
      const refused = await f.call('PATCH', detail, f.samples().update);
      assert.equal(refused.statusCode, 403, refused.body);
    } else if (offers('update')) {
      const { update } = f.samples();
      f.app.clock.advance(60_000);
      const patched = await f.call('PATCH', detail, update);
      assert.equal(patched.statusCode, 200, patched.body);
      assertEcho(def, update, patched.json(), 'patch');
      // A resource that shows `date_updated` moves it on every update (Django's auto_now).
      if (def.fields.date_updated) assert.notEqual(patched.json().date_updated, got.date_updated, 'date_updated moved');
      const put = await f.call('PUT', detail, { ...sent, ...update });
      assert.equal(put.statusCode, 200, put.body);
    }
    const required = requiredFields(def);
    if (required.length && !def.createIgnoresBody) {
      const invalid = await f.call('POST', def.url, {});
      assert.equal(invalid.statusCode, 400);
      for (const field of required) assert.deepEqual(invalid.json()[field], ['This field is required.']);
    }
    const deleted = await f.call('DELETE', detail);
    assert.ok([200, 204].includes(deleted.statusCode), deleted.body);
    const gone = await f.call('GET', detail);
    assert.equal(gone.statusCode, 404);
    assert.equal(gone.json().detail, `${def.model.en} object does not exist.`);
  });

  test(name('org isolation: a forged X-JMS-ORG shows nothing of another org'), async (t) => {
    const f = await fixture(t, def);
    const [{ got }] = await f.createSamples(def, 1, f.ops);
    // orgadmin administers Engineering only; it forges Operations, then asks from its own org.
    for (const org of [f.ops, f.eng]) {
      const list = await f.call('GET', def.url, undefined, { as: 'orgadmin', org });
      if (list.statusCode === 200) assert.ok(!idsOf(list.json()).includes(String(got.id)), `list in ${org}`);
      else assert.equal(list.statusCode, 403);
      const one = await f.call('GET', `${def.url}${got.id}/`, undefined, { as: 'orgadmin', org });
      assert.ok([403, 404].includes(one.statusCode), `retrieve in ${org}: ${one.statusCode}`);
    }
  });

  test(name('role denial: 401 anonymous, 403 for a plain user on every action the definition refuses'), async (t) => {
    const f = await fixture(t, def);
    const [{ got }] = await f.createSamples(def, 1);
    assert.equal((await f.app.inject({ method: 'GET', url: def.url })).statusCode, 401);
    const detail = `${def.url}${got.id}/`;
    const calls: [Action, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
      ['list', 'GET', def.url, undefined],
      ['retrieve', 'GET', detail, undefined],
      ['create', 'POST', def.url, f.samples().create[0]],
      ['update', 'PATCH', detail, f.samples().update],
      ['delete', 'DELETE', detail, undefined],
    ];
    for (const [action, method, url, body] of calls) {
      if (!offers(action)) continue;
      const response = await f.call(method, url, body, { as: 'user' });
      if (f.may('user', action)) assert.notEqual(response.statusCode, 403, `user may ${action}`);
      else assert.equal(response.statusCode, 403, `user may not ${action}`);
    }
    if (!f.may('user', 'delete')) assert.equal((await f.call('GET', detail)).statusCode, 200, 'the row survived');
  });

  if (def.bulk) bulkContract(def);
  if (def.bulk && def.csvImport !== false) csvContract(def);
}
