// Each feature keeps its SQL in its own store modules: a statement (`.prepare(`, `db.exec(`, `db.pragma(`)
// of the reference server sits in a file named `*-store.ts` (or `store.ts`), in the engine (which builds a
// resource's statements from its definition) or in core/db (the connection, migrations, the statement cache).
// Routes, resource definitions, flows and serializers call store functions. A statement that slips in
// elsewhere fails here with its file and line.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../../../demo/server');

const SQL_CALL = /\.prepare\s*[<(]|\bdb\.(?:exec|pragma)\(/;

const isStore = (path: string): boolean => /(?:^|[/-])store\.ts$/.test(path);
const excepted = (path: string): boolean => path.startsWith('engine/') || path.startsWith('core/db/');

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : serverFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:line: code` of each SQL call in a source text. */
export function sqlCalls(name: string, source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, index) => (SQL_CALL.test(line) ? [`${name}:${index + 1}: ${line.trim()}`] : []));
}

test('every SQL statement of the server is in a store module, the engine or core/db', () => {
  const files = serverFiles(SERVER);
  assert.ok(files.length > 300, `read only ${files.length} files`);
  const outside: string[] = [];
  let inStores = 0;
  for (const file of files) {
    const name = relative(SERVER, file);
    const calls = sqlCalls(name, readFileSync(file, 'utf8'));
    if (isStore(name)) inStores += calls.length;
    else if (!excepted(name)) outside.push(...calls);
  }
  assert.deepEqual(outside, []);
  assert.ok(inStores > 400, `found only ${inStores} statements in store modules`);
});

test('the reader sees each kind of statement, and knows a store by its name', () => {
  const source = [
    "db.prepare('SELECT 1')",
    'args.db\n  .prepare<[string]>(`SELECT ?`)',
    "db.exec('BEGIN')",
    "db.pragma('data_version')",
    'const match = PATTERN.exec(text)',
    'client.exec(command)',
  ].join('\n');
  assert.deepEqual(sqlCalls('f.ts', source), [
    "f.ts:1: db.prepare('SELECT 1')",
    'f.ts:3: .prepare<[string]>(`SELECT ?`)',
    "f.ts:4: db.exec('BEGIN')",
    "f.ts:5: db.pragma('data_version')",
  ]);
  assert.ok(isStore('users/user-store.ts') && isStore('settings/store.ts'));
  assert.ok(!isStore('users/restore.ts') && !isStore('assets/store-routes.ts'));
});
