// What a local account that can read the data folder would get: the bytes of the database file and its
// WAL (where recent writes sit until a checkpoint). Tests assert that no credential is among them.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

export function storedBytes(app: FastifyInstance): Buffer {
  const file = app.bastion.db.name;
  return Buffer.concat([file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path)));
}

/** Fails naming every value found in clear in the database file or its WAL. */
export function assertNotStored(app: FastifyInstance, values: Record<string, string>): void {
  const bytes = storedBytes(app);
  for (const value of Object.values(values)) assert.ok(value.length >= 8, `a value too short to search for: ${value}`);
  const found = Object.entries(values)
    .filter(([, value]) => bytes.includes(Buffer.from(value, 'utf8')))
    .map(([name]) => name);
  assert.deepEqual(found, [], 'stored in clear');
}
