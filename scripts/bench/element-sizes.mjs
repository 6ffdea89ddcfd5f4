// Bench section: the bytes each element costs a host page (entry + shared chunks it imports).
import { elementEntries } from '../build/entries.mjs';
import { fileSize, kb, moduleGraph, totals } from './module-graph.mjs';

export const elementSizes = {
  title: 'Element bundles (entry + statically imported chunks; gzip level 6)',
  async run({ distDir }) {
    const rows = Object.keys(elementEntries()).map((name) => {
      const { staticFiles, lazyFiles } = moduleGraph(distDir, `${name}.js`);
      const sum = totals(staticFiles.map((f) => fileSize(distDir, f)));
      const lazy = lazyFiles.map((f) => `${f} (${kb(fileSize(distDir, f).gzip)} gz)`).join(', ');
      return [name, staticFiles.length, sum.raw, kb(sum.raw), sum.gzip, kb(sum.gzip), lazy || '-'];
    });
    return { headers: ['element', 'files', 'raw bytes', 'raw', 'gzip bytes', 'gzip', 'dynamic imports (not counted)'], rows };
  },
};
