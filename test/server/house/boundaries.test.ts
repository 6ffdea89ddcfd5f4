// The house in rooms: the server (demo/server) and the terminal (demo/terminal) talk to each other only
// over HTTP, so neither imports the other; what both must agree on for the wire lives in demo/shared,
// which imports neither; and the published components (src/) import nothing of the demo. Every import
// of every source file is read (static, `export … from`, `import()`, `require()`, `import type`) with
// TypeScript's own pre-processor, so a commented-out import does not count and a multi-line one does.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

type Room = 'demo/server' | 'demo/terminal' | 'demo/shared' | 'demo' | 'src';

/** What a room may not import, and why (said in the failure). */
const FORBIDDEN: Partial<Record<Room, { rooms: Room[]; why: string }>> = {
  'demo/server': { rooms: ['demo/terminal'], why: 'the server reaches the terminal over HTTP only' },
  'demo/terminal': { rooms: ['demo/server'], why: 'the terminal reaches the server over HTTP only' },
  'demo/shared': { rooms: ['demo/server', 'demo/terminal'], why: 'shared code depends on neither process' },
  src: {
    rooms: ['demo/server', 'demo/terminal', 'demo/shared', 'demo'],
    why: 'the published components do not ship the demo',
  },
};

/** The workspaces' package names, so `@bastion-console/terminal/…` is caught like `../terminal/…`. */
const PACKAGES: Record<string, Room> = {
  '@bastion-console/server': 'demo/server',
  '@bastion-console/terminal': 'demo/terminal',
};

/** The room a repository path is in; null outside all of them (test/, scripts/, node_modules…). */
function roomOf(path: string): Room | null {
  const posix = path.split(sep).join('/');
  if (posix.split('/').includes('node_modules')) return null;
  for (const room of ['demo/server', 'demo/terminal', 'demo/shared', 'src'] as const) {
    if (posix === room || posix.startsWith(`${room}/`)) return room;
  }
  return posix === 'demo' || posix.startsWith('demo/') ? 'demo' : null;
}

/** The room an import specifier of `file` (a repository path) points into, or null. */
function targetRoom(file: string, specifier: string): Room | null {
  if (specifier.startsWith('.')) return roomOf(relative(ROOT, resolve(ROOT, dirname(file), specifier)));
  for (const [name, room] of Object.entries(PACKAGES)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) return room;
  }
  return null;
}

/** Every forbidden import in `text` (the source of `file`, a repository path), as `file:line → specifier (why)`. */
function crossings(file: string, text: string): string[] {
  const from = roomOf(file);
  const rule = from ? FORBIDDEN[from] : undefined;
  if (!rule) return [];
  const found: string[] = [];
  const { importedFiles } = ts.preProcessFile(text, true, true);
  for (const imported of importedFiles) {
    const to = targetRoom(file, imported.fileName);
    if (to && rule.rooms.includes(to)) {
      const line = text.slice(0, imported.pos).split('\n').length;
      found.push(`${file}:${line} → ${imported.fileName} (${from} imports ${to}: ${rule.why})`);
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name)) out.push(path);
  }
  return out;
}

test('the checker catches each kind of crossing and leaves the allowed imports alone', () => {
  const bad = [
    "import { x } from '../server/auth/thing.ts';",
    '// import { y } from "../server/commented-out.ts";',
    'import type {',
    '  Z,',
    "} from '../server/types.ts';",
    "const later = await import('../server/later.ts');",
    "import { w } from '@bastion-console/server/app.ts';",
    "import { ok } from '../shared/allowed-targets.ts';",
    "import { local } from './target.ts';",
  ].join('\n');
  assert.deepEqual(
    crossings('demo/terminal/api.ts', bad).map((line) => line.split(' (')[0]),
    [
      'demo/terminal/api.ts:1 → ../server/auth/thing.ts',
      'demo/terminal/api.ts:5 → ../server/types.ts',
      'demo/terminal/api.ts:6 → ../server/later.ts',
      'demo/terminal/api.ts:7 → @bastion-console/server/app.ts',
    ],
  );
  assert.deepEqual(crossings('demo/server/ops/x.ts', "import '../../terminal/command-filter.ts';").length, 1);
  assert.deepEqual(crossings('demo/shared/x.ts', "export * from '../server/lib/y.ts';").length, 1);
  assert.deepEqual(crossings('demo/shared/x.ts', "export * from '../terminal/y.ts';").length, 1);
  assert.deepEqual(crossings('src/pages/x.ts', "import { y } from '../../demo/shared/y.ts';").length, 1);
  assert.deepEqual(crossings('src/pages/x.ts', "import { y } from '../../demo/embed-events.js';").length, 1);
  assert.deepEqual(crossings('demo/server/x.ts', "import { y } from '../shared/y.ts';"), []);
  assert.deepEqual(
    crossings('test/server/x.ts', "import { y } from '../../demo/terminal/y.ts';"),
    [],
    'tests may import any room',
  );
});

test('demo/server and demo/terminal do not import each other, demo/shared imports neither, src/ imports no demo', () => {
  const files = ['demo/server', 'demo/terminal', 'demo/shared', 'src'].flatMap(sourceFiles);
  assert.ok(files.length > 500, `the source files were found (${files.length})`);
  assert.ok(
    files.includes('demo/shared/allowed-targets.ts') && files.includes('demo/terminal/delivery/api.ts'),
    'every room is read',
  );
  const offending = files.flatMap((file) => crossings(file, readFileSync(join(ROOT, file), 'utf8')));
  assert.deepEqual(offending, [], `imports across the rooms' walls:\n  ${offending.join('\n  ')}`);
});
