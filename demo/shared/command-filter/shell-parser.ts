// The bash grammar the command filter parses lines with: tree-sitter's, run as WebAssembly (web-tree-sitter
// and the tree-sitter-bash package's own .wasm; its native binding is never built). Loading is asynchronous,
// parsing is synchronous, so the terminal awaits `loadShellParser()` once at start and every check after it
// stays synchronous. The .wasm is found by Node's package resolution from this folder, i.e. in the root
// node_modules the workspaces are installed into; demo/server and demo/terminal, which both import the
// command filter, declare both packages at the same pinned versions (the grammar's ABI must match).
import { createRequire } from 'node:module';
import { Language, Parser, type Node, type Tree } from 'web-tree-sitter';

export type { Node, Tree };

let parser: Parser | null = null;
let loading: Promise<void> | null = null;

export function loadShellParser(): Promise<void> {
  loading ??= (async () => {
    await Parser.init();
    const wasm = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
    const next = new Parser();
    next.setLanguage(await Language.load(wasm));
    parser = next;
  })();
  return loading;
}

export const shellParserLoaded = (): boolean => parser !== null;

/** A syntax tree of `text` (the caller deletes it), or null before `loadShellParser()` has finished. */
export function parseShell(text: string): Tree | null {
  return parser?.parse(text) ?? null;
}
