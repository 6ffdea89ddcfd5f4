// No import cycles in the console's and the servers' own code (STYLE.md: the arrow runs one way,
// pages → engine → resource). Static imports are read as text: `import … from '…'`, `import '…'`
// and `export … from '…'`, with relative specifiers only (packages cannot close a cycle of ours).
//
// Type-only imports count. They vanish from the JavaScript, but a cycle of types is still two
// modules that each know the other: the layering this guards is one of knowledge, not of load
// order. Dynamic `import()` does not count: it names code loaded later (lazyComponent, a language's
// `*.en.ts`), which may import its loader back by design; such a pair is a lazy load, not a tie.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const TREES = ['src', 'demo/server', 'demo/terminal'];
const SOURCE = /\.(ts|tsx)$/;

// Cycles known and owned elsewhere, each the exact set of files of one cycle. A cycle that grows or
// shrinks no longer matches its entry and fails. Remove an entry once its cycle is broken.
// A cycle that must stay for a while is named here with why; an entry whose cycle is gone fails the test.
const KNOWN_CYCLES: string[][] = [];

// Anchored at a line's start, so imports quoted in comments or code samples inside JSDoc do not count.
const STATIC_IMPORT = /^(?:import|export)\s+(?:[^'";]*?\bfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

function importGraph(root: string, trees: string[]): Map<string, string[]> {
  const files = trees.flatMap((tree) => sourceFiles(join(root, tree)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolve(dirname(file), specifier);
      // Every specifier names its file whole (allowImportingTsExtensions): one that names no file
      // would be an arrow this reader lost.
      assert.ok(existsSync(target), `${relative(root, file)}: cannot find ${specifier}`);
      if (known.has(target)) targets.add(target);
    }
    graph.set(
      relative(root, file),
      [...targets].map((target) => relative(root, target)),
    );
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan), each sorted. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return found;
}

/** One loop through a cycle's files, for the message: a → b → … → a. */
function loopThrough(graph: Map<string, string[]>, component: string[]): string {
  const inside = new Set(component);
  const start = component[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at: string | undefined = file; at !== start && at; at = cameFrom.get(at)) path.splice(1, 0, at);
        return [...path, start].join(' → ');
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return component.join(', ');
}

const key = (files: string[]) => [...files].sort().join('\n');

test('src, demo/server and demo/terminal have no import cycle but the known ones', () => {
  const graph = importGraph(ROOT, TREES);
  assert.ok(graph.size > 300, `read only ${graph.size} files: are the trees where this test looks?`);
  const known = new Set(KNOWN_CYCLES.map(key));
  const found = cycles(graph);
  const unexpected = found.filter((component) => !known.has(key(component)));
  assert.deepEqual(
    unexpected.map((component) => loopThrough(graph, component)),
    [],
    'import cycles',
  );
  // An entry whose cycle is gone is stale: remove it, so the allow-list never hides a new one.
  const present = new Set(found.map(key));
  assert.deepEqual(
    KNOWN_CYCLES.filter((files) => !present.has(key(files))),
    [],
    'known cycles that no longer exist',
  );
});

test('the reader sees a cycle through type-only and re-export arrows, and no dynamic import', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  assert.deepEqual(cycles(graph), [['a.ts', 'b.ts', 'c.ts']]);
  assert.equal(loopThrough(graph, ['a.ts', 'b.ts', 'c.ts']), 'a.ts → b.ts → c.ts → a.ts');
  const text = [
    "import type { A } from './a.ts'",
    "import {\n  b,\n  type B,\n} from './b.ts'",
    "export { c } from './c.ts'",
    "import './d.ts'",
    "const e = () => import('./e.ts')",
    "// import { f } from './f.ts'",
    "import { g } from 'g-package'",
  ].join('\n');
  assert.deepEqual(
    [...text.matchAll(STATIC_IMPORT)].map((match) => match[1]),
    ['./a.ts', './b.ts', './c.ts', './d.ts'],
  );
});

/**
 * The folders of one tree as a graph: a file's folder right below the tree (a file at the tree's top is a node of
 * its own), an arrow for every import from one folder into another.
 */
function folderGraph(graph: Map<string, string[]>, tree: string): Map<string, string[]> {
  const folderOf = (file: string) => relative(tree, file).split('/')[0];
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (!file.startsWith(`${tree}/`)) continue;
    const from = folderOf(file);
    const arrows = folders.get(from) ?? new Set<string>();
    for (const target of targets)
      if (target.startsWith(`${tree}/`) && folderOf(target) !== from) arrows.add(folderOf(target));
    folders.set(from, arrows);
  }
  return new Map([...folders].map(([folder, arrows]) => [folder, [...arrows]]));
}

// The house in rooms: the server's features stand on core/ and engine/ and on each other in one direction only
// (a feature that must act on another's commit listens, engine/create-listeners.ts), and the terminal's parts
// likewise, so each room can be read knowing only the ones below it.
test('the folders of demo/server and of demo/terminal import each other in one direction only', () => {
  const graph = importGraph(ROOT, TREES);
  for (const tree of ['demo/server', 'demo/terminal']) {
    const folders = folderGraph(graph, tree);
    assert.ok(folders.size > 10, `${tree}: read only ${folders.size} folders`);
    assert.deepEqual(
      cycles(folders).map((component) => loopThrough(folders, component)),
      [],
      `${tree}: folders in a loop`,
    );
  }
});

test('the folder graph sees a loop of folders through any of their files', () => {
  const graph = new Map([
    ['t/a/x.ts', ['t/b/y.ts']],
    ['t/b/y.ts', ['t/b/z.ts']],
    ['t/b/z.ts', ['t/a/w.ts']],
    ['t/a/w.ts', []],
    ['t/top.ts', ['t/a/x.ts']],
  ]);
  const folders = folderGraph(graph, 't');
  assert.deepEqual(cycles(folders), [['a', 'b']]);
  assert.deepEqual(folders.get('top.ts'), ['a']);
});
