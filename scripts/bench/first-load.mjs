// Bench section: what the standalone console (dist/index.html served at /ui/) downloads before it
// can render — the page, the scripts and stylesheets it references, and their static imports — raw,
// at gzip level 6, and as the server sends them: the build's brotli and gzip copies (precompress.mjs).
// Read from the build, so it leaves out what the browser then receives (the page's bootstrap data,
// icons, API answers): the outside count beside the same budget is users-first-row.mjs's bytes table.
import { existsSync, statSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileSize, kb, moduleGraph } from './module-graph.mjs';
import { within } from './stats.mjs';
import { FIRST_LOAD_BUDGET_BYTES } from './users-first-row.mjs';

const PAGE = 'index.html';
const SCRIPT_SRC = /<script\b[^>]*\bsrc=["'](?:\.\/)?([\w.-]+\.js)["']/g;
const STYLESHEET_HREF = /<link\b[^>]*\brel=["']stylesheet["'][^>]*\bhref=["'](?:\.\/)?([\w.-]+\.css)["']/g;

/** Bytes of the build's `<file>.<ext>` copy, else of the file itself (sent as is). */
function sentSize(dir, file, ext, raw) {
  const copy = join(dir, `${file}.${ext}`);
  return existsSync(copy) ? statSync(copy).size : raw;
}

export const firstLoad = {
  title:
    "Standalone console first load (/ui/: index.html + JS + CSS); sent = the build's brotli / gzip copies the server sends",
  async run({ distDir }) {
    const html = readFileSync(join(distDir, PAGE), 'utf8');
    const files = [PAGE];
    for (const [, script] of html.matchAll(SCRIPT_SRC)) {
      for (const f of moduleGraph(distDir, script).staticFiles) if (!files.includes(f)) files.push(f);
    }
    for (const [, sheet] of html.matchAll(STYLESHEET_HREF)) if (!files.includes(sheet)) files.push(sheet);
    // index.html is rendered per request and compressed on the fly: its level-6 gzip stands for both.
    const sizes = files.map((f) => {
      const s = fileSize(distDir, f);
      return {
        ...s,
        br: f === PAGE ? s.gzip : sentSize(distDir, f, 'br', s.raw),
        gz: f === PAGE ? s.gzip : sentSize(distDir, f, 'gz', s.raw),
      };
    });
    const rows = sizes.map((s) => [s.file, s.raw, kb(s.raw), s.gzip, kb(s.gzip), s.br, kb(s.br), s.gz, kb(s.gz)]);
    const sum = (key) => sizes.reduce((total, s) => total + s[key], 0);
    rows.push([
      'total',
      sum('raw'),
      kb(sum('raw')),
      sum('gzip'),
      kb(sum('gzip')),
      sum('br'),
      kb(sum('br')),
      sum('gz'),
      kb(sum('gz')),
    ]);
    rows.push([
      `budget ${kb(FIRST_LOAD_BUDGET_BYTES)}: within`,
      '',
      '',
      '',
      within(sum('gzip'), FIRST_LOAD_BUDGET_BYTES),
      '',
      within(sum('br'), FIRST_LOAD_BUDGET_BYTES),
      '',
      within(sum('gz'), FIRST_LOAD_BUDGET_BYTES),
    ]);
    return {
      headers: [
        'file',
        'raw bytes',
        'raw',
        'gzip-6 bytes',
        'gzip-6',
        'sent br bytes',
        'sent br',
        'sent gzip bytes',
        'sent gzip',
      ],
      rows,
    };
  },
};
