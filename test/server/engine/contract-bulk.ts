// Bulk part of the contract (§1.9): arrays in, arrays out, errors aligned, all-or-nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResourceDef, Row } from '../../../demo/server/engine/types.ts';
import { assertEcho, fixture, requiredFields } from './contract-helpers.ts';

const tableCount = (
  f: { app: { bastion: { db: { prepare: (sql: string) => { pluck: () => { get: () => unknown } } } } } },
  def: ResourceDef,
) => f.app.bastion.db.prepare(`SELECT COUNT(*) FROM ${def.table}`).pluck().get() as number;

export function bulkContract(def: ResourceDef): void {
  const offers = (action: string) => (def.actions ?? ['update', 'delete']).includes(action as never);

  test(`${def.name}: bulk create answers an array; one invalid item → aligned errors and nothing written`, async (t) => {
    const f = await fixture(t, def);
    const { create } = f.samples();
    const created = await f.call('POST', def.url, create);
    assert.equal(created.statusCode, 201, created.body);
    const rows = created.json() as Row[];
    assert.equal(rows.length, create.length);
    rows.forEach((row, i) => assertEcho(def, create[i], row, `item ${i}`));
    const required = requiredFields(def);
    assert.ok(required.length, 'a bulk resource needs a required field to show aligned errors');
    const before = tableCount(f, def);
    const fresh = f.samples().create[0];
    const failed = await f.call('POST', def.url, [fresh, {}]);
    assert.equal(failed.statusCode, 400);
    const errors = failed.json() as Row[];
    assert.deepEqual(errors[0], {});
    assert.deepEqual(errors[1][required[0]], ['This field is required.']);
    assert.equal(tableCount(f, def), before, 'the valid item was not written either');
  });

  if (!offers('update')) {
    test(`${def.name}: offers no bulk update`, async (t) => {
      const f = await fixture(t, def);
      const refused = await f.call('PATCH', def.url, [{ id: 'x' }]);
      assert.ok([404, 405].includes(refused.statusCode), `PATCH answered ${refused.statusCode}`);
    });
  } else
    test(`${def.name}: bulk update by id within the filtered queryset; a missing id is reported in place`, async (t) => {
      const f = await fixture(t, def);
      const [a, b] = await f.createSamples(def);
      const { update } = f.samples();
      const ids = [a.got.id, b.got.id];
      if (!f.may('admin', 'update')) {
        // Updated by other callers only (a session by the terminal that opened it): the admin is refused.
        assert.equal(
          (
            await f.call(
              'PATCH',
              def.url,
              ids.map((id) => ({ id, ...update })),
            )
          ).statusCode,
          403,
        );
        return;
      }
      const patched = await f.call(
        'PATCH',
        def.url,
        ids.map((id) => ({ id, ...update })),
      );
      assert.equal(patched.statusCode, 200, patched.body);
      (patched.json() as Row[]).forEach((row, i) => assertEcho(def, update, row, `item ${i}`));
      const outside = await f.call('PATCH', `${def.url}?ids=${ids[0]}`, [{ id: ids[1], ...update }]);
      assert.equal(outside.statusCode, 400, 'an id outside the filtered queryset is refused');
      const second = f.samples().update;
      const failed = await f.call('PATCH', def.url, [{ id: ids[0], ...second }, { ...second }]);
      assert.equal(failed.statusCode, 400);
      assert.deepEqual(failed.json(), [{}, { id: ['id or pk not in data'] }]);
      assertEcho(def, update, (await f.call('GET', `${def.url}${ids[0]}/`)).json(), 'unchanged after the failed batch');
    });

  test(`${def.name}: list DELETE needs a narrowing filter (400, empty body, otherwise)`, async (t) => {
    const f = await fixture(t, def);
    const [a, b] = await f.createSamples(def);
    const everything = await f.call('DELETE', def.url);
    assert.equal(everything.statusCode, 400);
    assert.equal(everything.body, '');
    const targets = def.bulkDelete === 'exactlyOne' ? [[a.got.id], [b.got.id]] : [[a.got.id, b.got.id]];
    for (const ids of targets) {
      const spm = (await f.call('POST', '/api/v1/common/resources/cache/', { resources: ids })).json().spm;
      const deleted = await f.call('DELETE', `${def.url}?spm=${spm}`);
      assert.equal(deleted.statusCode, 204, deleted.body);
    }
    for (const id of [a.got.id, b.got.id]) assert.equal((await f.call('GET', `${def.url}${id}/`)).statusCode, 404);
  });
}
