// The npm package's build (`npm pack` runs it through prepack): the elements for an app's bundler, in
// lib/, with React left to the app (scripts/build/rollup-options.mjs packageBuild).
import { buildEntries } from './scripts/build/entries.mjs';
import { packageBuild } from './scripts/build/rollup-options.mjs';

export default packageBuild(buildEntries());
