// The migrations folder and its index agree: a file forgotten in the index would never run, and a
// number that differs from the recorded id would run again (or never) on a database migrated before.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { migrations } from '../../../demo/server/core/db/migrations.ts';

const FOLDER = new URL('../../../demo/server/core/db/migrations', import.meta.url);
const FILE = /^(\d{4})_([a-z0-9_]+)\.ts$/;

test('every migration file is listed once, its number its id and its name the recorded name', () => {
  const names = readdirSync(FOLDER).filter((name) => name !== 'index.ts');
  assert.deepEqual(
    names.filter((name) => !FILE.test(name)),
    [],
    'files in db/migrations/ that are no migration',
  );
  const fromFiles = names
    .map((name) => {
      const [, number, recorded] = FILE.exec(name)!;
      return { id: Number(number), name: recorded };
    })
    .sort((a, b) => a.id - b.id);
  assert.deepEqual(
    migrations.map(({ id, name }) => ({ id, name })),
    fromFiles,
  );
});

test('no two migrations share an id: a database that ran one would never run the other', () => {
  const ids = migrations.map((migration) => migration.id);
  assert.deepEqual(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    [],
  );
});
