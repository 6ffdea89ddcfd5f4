// Node 20's `--test` does not expand globs, so test files are found here.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files under `dir` whose name matches `pattern`, except those under any `excludeDirs`; sorted. */
export function findTestFiles(dir, pattern, excludeDirs = []) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && pattern.test(d.name))
    .map((d) => relative(process.cwd(), join(d.parentPath ?? d.path, d.name)))
    .filter((file) => !excludeDirs.some((ex) => file.startsWith(`${ex}/`)))
    .sort();
}
