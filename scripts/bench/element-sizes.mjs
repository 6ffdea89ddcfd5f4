// Bench section: the bytes each element costs a host page (entry + shared chunks it imports), beside
// its budget where it has one (<bastion-asset-list>: 115 KB gzip; the console's whole first load,
// page included, is first-load.mjs's table).
import { elementEntries } from '../build/entries.mjs';
import { PAGE_GZIP_BUDGET_BYTES } from './asset-list-first-row.mjs';
import { fileSize, kb, moduleGraph, totals } from './module-graph.mjs';
import { within } from './stats.mjs';

const BUDGETS = { 'bastion-asset-list': PAGE_GZIP_BUDGET_BYTES };

export const elementSizes = {
  title: 'Element bundles (entry + statically imported chunks; gzip level 6)',
  async run({ distDir }) {
    const rows = Object.keys(elementEntries()).map((name) => {
      const { staticFiles, lazyFiles } = moduleGraph(distDir, `${name}.js`);
      const sum = totals(staticFiles.map((f) => fileSize(distDir, f)));
      const lazy = lazyFiles.map((f) => `${f} (${kb(fileSize(distDir, f).gzip)} gz)`).join(', ');
      const budget = BUDGETS[name];
      return [
        name,
        staticFiles.length,
        sum.raw,
        kb(sum.raw),
        sum.gzip,
        kb(sum.gzip),
        budget ? kb(budget) : '-',
        budget ? within(sum.gzip, budget) : '-',
        lazy || '-',
      ];
    });
    return {
      headers: [
        'element',
        'files',
        'raw bytes',
        'raw',
        'gzip bytes',
        'gzip',
        'budget',
        'within',
        'dynamic imports (not counted)',
      ],
      rows,
    };
  },
};
