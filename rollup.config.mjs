// One rollup run over every element entry (src/elements/bastion-*.ts): the custom-element registry and
// the nanostores session are global to a page, so all elements must share one copy of React, Shoelace
// and the stores. Shared code lands in flat `[name]-[hash].js` chunks next to the entries in dist/.
import { buildEntries, elementEntries } from './scripts/build/entries.mjs';
import { elementsBuild } from './scripts/build/rollup-options.mjs';

const entries = elementEntries();
if (Object.keys(entries).length === 0) {
  throw new Error('No element entries: expected src/elements/bastion-*.ts');
}

export default elementsBuild(buildEntries());
