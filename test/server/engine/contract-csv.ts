// CSV part of the contract (§1.10): export → import round trips, and a failed import writes nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResourceDef, Row } from '../../../demo/server/engine/types.ts';
import { assertEcho, csvCell, fixture, requiredFields } from './contract-helpers.ts';

const csvHeaders = { 'content-type': 'text/csv' };

export function csvContract(def: ResourceDef): void {
  test(`${def.name}: CSV export (BOM, labels, *required, filename) imports back by PUT and by POST`, async (t) => {
    const f = await fixture(t, def);
    const samples = await f.createSamples(def);
    const ids = samples.map((s) => s.got.id).join(',');
    const spm = (
      await f.call('POST', '/api/v1/common/resources/cache/', { resources: samples.map((s) => s.got.id) })
    ).json().spm;
    const exported = await f.call('GET', `${def.url}?format=csv&spm=${spm}`);
    assert.equal(exported.statusCode, 200);
    assert.match(
      String(exported.headers['content-disposition']),
      /^attachment; filename="\w+_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv"$/,
    );
    assert.ok(exported.body.startsWith('\uFEFF'), 'UTF-8 BOM');
    assert.equal(exported.body.trim().split(/\r?\n/).length, 3, 'header + the two rows of the spm');
    const header = exported.body.slice(1).split(/\r?\n/)[0];
    for (const name of requiredFields(def))
      assert.ok(header.includes(`*${def.fields[name].label.en}`), `*${name} in ${header}`);

    if ((def.actions ?? ['update']).includes('update')) {
      const template = await f.call('GET', `${def.url}?format=csv&template=update&ids=${ids}`);
      const updated = await f.call('PUT', def.url, template.body, { headers: csvHeaders });
      assert.equal(updated.statusCode, 200, updated.body);
      (updated.json() as Row[]).forEach((row, i) => assertEcho(def, samples[i].sent, row, `update row ${i}`));
    }

    // Purge the rows directly (an API delete may only end an org membership), then import the export.
    f.app.bastion.db
      .prepare(`DELETE FROM ${def.table} WHERE id IN (${samples.map(() => '?').join(',')})`)
      .run(...samples.map((s) => s.got.id));
    const imported = await f.call('POST', def.url, exported.body, { headers: csvHeaders });
    assert.equal(imported.statusCode, 201, imported.body);
    (imported.json() as Row[]).forEach((row, i) => assertEcho(def, samples[i].sent, row, `imported row ${i}`));
  });

  test(`${def.name}: a CSV import with one bad line answers one element per row and writes nothing`, async (t) => {
    const f = await fixture(t, def);
    const [good] = f.samples().create;
    const required = requiredFields(def);
    const names = Object.keys(good);
    const blank = required.find((n) => names.includes(n));
    assert.ok(blank, 'the sample sets a required field');
    const line = (row: Row) => names.map((n) => csvCell(row[n])).join(',');
    const csv = `${names.join(',')}\n${line(good)}\n\n${line({ ...good, [blank]: '' })}\n`;
    const count = () => f.app.bastion.db.prepare(`SELECT COUNT(*) FROM ${def.table}`).pluck().get();
    const before = count();
    const failed = await f.call('POST', def.url, csv, { headers: csvHeaders });
    assert.equal(failed.statusCode, 400, failed.body);
    const errors = failed.json() as Row[];
    assert.equal(errors.length, 2, 'the blank line is dropped, one element per data row');
    assert.deepEqual(errors[0], {});
    assert.deepEqual(errors[1][blank], ['This field is required.']);
    assert.equal(count(), before, 'nothing written');
    const broken = await f.call('POST', def.url, 'name,comment\n"unterminated,x\n', { headers: csvHeaders });
    assert.deepEqual([broken.statusCode, broken.json()], [400, { detail: 'CSV parse error!' }]);
  });
}
