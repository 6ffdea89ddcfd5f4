// Every `src/elements/bastion-*.ts` file is one custom-element entry. Shared by the build and the
// benchmark so both agree on what an "element" is.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const ELEMENTS_DIR = 'src/elements';
const ENTRY_FILE = /^bastion-[a-z0-9-]+\.ts$/;

/** Map of entry name (`bastion-console`) to its source path, sorted by name. */
export function elementEntries(root = process.cwd()) {
  const dir = join(root, ELEMENTS_DIR);
  if (!existsSync(dir)) return {};
  const files = readdirSync(dir)
    .filter((f) => ENTRY_FILE.test(f))
    .sort();
  return Object.fromEntries(files.map((f) => [f.replace(/\.ts$/, ''), join(ELEMENTS_DIR, f)]));
}

/** The package's main module (setBasePath), built beside the elements. */
export const MAIN_ENTRY = { index: 'src/index.ts' };

/** What a build takes in: every element and the main module. */
export const buildEntries = (root = process.cwd()) => ({ ...elementEntries(root), ...MAIN_ENTRY });
