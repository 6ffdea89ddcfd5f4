// The console's own lookup (src/core/i18n/lookup.ts) knows nested keys, a fallback language,
// `{{name}}` values and a default text, and nothing else i18next knew: a catalogue text written for
// plurals (`key_one` / `key_other`), nesting (`$t(…)`), formats (`{{n, number}}`) or unescaped values
// (`{{- x}}`) would show as written. Catalogues are read as text: the `*.en.ts` files, core.zh.ts, and
// the Chinese catalogues in every module that calls registerMessages.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const catalogues = files(join(ROOT, 'src')).filter((file) => {
  if (/\.en\.ts$|core\.zh\.ts$/.test(file)) return true;
  return /^registerMessages\(/m.test(readFileSync(file, 'utf8'));
});

const UNKNOWN = [
  { what: 'a plural key', pattern: /^\s*['"]?\w+_(?:zero|one|two|few|many|other|plural)['"]?\s*:/m },
  { what: 'nesting', pattern: /\$t\(/ },
  { what: 'a formatted or unescaped value', pattern: /\{\{\s*-|\{\{\s*[\w.]+\s*,[^}]*\}\}/ },
];

test('every catalogue uses only what the console lookup knows', () => {
  assert.ok(catalogues.length > 20, `catalogues found: ${catalogues.length}`);
  const found = catalogues.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return UNKNOWN.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `${relative(ROOT, file)}: ${what}`);
  });
  assert.deepEqual(found, []);
});
