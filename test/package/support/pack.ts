// `npm pack` as on a fresh clone: the files git would check out (tracked, plus new ones not ignored, so
// a change under test is in), none of the ignored ones (dist/, lib/, data/), and the project's installed
// node_modules beside them. prepack builds the package's lib/ there.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { mustRun } from './run.ts';

export interface Packed {
  tarball: string;
  files: string[];
  checkout: string;
}

export async function packFreshCopy(root: string, into: string): Promise<Packed> {
  const checkout = mkdtempSync(join(tmpdir(), 'bastion-clone-'));
  const listed = await mustRun('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root });
  for (const file of listed.split('\0').filter(Boolean)) {
    const from = join(root, file);
    const to = join(checkout, file);
    mkdirSync(dirname(to), { recursive: true });
    try {
      cpSync(from, to);
    } catch {
      // listed but deleted in the working tree: not in a clone of it either
    }
  }
  symlinkSync(join(root, 'node_modules'), join(checkout, 'node_modules'));
  const json = await mustRun('npm', ['pack', '--json', '--pack-destination', into], {
    cwd: checkout,
    timeoutMs: 300_000,
  });
  const answer = JSON.parse(json.slice(json.lastIndexOf('[\n  {'))) as {
    filename: string;
    files: { path: string }[];
  }[];
  const tarball = join(into, answer[0].filename);
  if (!readdirSync(into).includes(answer[0].filename)) throw new Error(`npm pack made no ${tarball}`);
  return { tarball, files: answer[0].files.map((f) => f.path).sort(), checkout };
}
