// Bench section: what the standalone console (dist/index.html served at /ui/) downloads before it
// can render — the page, the scripts and stylesheets it references, and their static imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileSize, kb, moduleGraph, totals } from './module-graph.mjs';

const PAGE = 'index.html';
const SCRIPT_SRC = /<script\b[^>]*\bsrc=["'](?:\.\/)?([\w.-]+\.js)["']/g;
const STYLESHEET_HREF = /<link\b[^>]*\brel=["']stylesheet["'][^>]*\bhref=["'](?:\.\/)?([\w.-]+\.css)["']/g;

export const firstLoad = {
  title: 'Standalone console first load (/ui/: index.html + JS + CSS)',
  async run({ distDir }) {
    const html = readFileSync(join(distDir, PAGE), 'utf8');
    const files = [PAGE];
    for (const [, script] of html.matchAll(SCRIPT_SRC)) {
      for (const f of moduleGraph(distDir, script).staticFiles) if (!files.includes(f)) files.push(f);
    }
    for (const [, sheet] of html.matchAll(STYLESHEET_HREF)) if (!files.includes(sheet)) files.push(sheet);
    const sizes = files.map((f) => fileSize(distDir, f));
    const rows = sizes.map((s) => [s.file, s.raw, kb(s.raw), s.gzip, kb(s.gzip)]);
    const sum = totals(sizes);
    rows.push(['total', sum.raw, kb(sum.raw), sum.gzip, kb(sum.gzip)]);
    return { headers: ['file', 'raw bytes', 'raw', 'gzip bytes', 'gzip'], rows };
  },
};
