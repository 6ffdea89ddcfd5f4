// Shoelace's form controls, kept out of shoelace.ts (which loads with the console): no list's first
// screen draws them, and everything that does (forms, detail pages, list dialogs, the login and
// profile pages) loads on first use, so they arrive in that code's chunk. Importing a wrapper also
// registers its tag.
import './shoelace-setup.ts';

export { default as SlInput } from '@shoelace-style/shoelace/dist/react/input/index.js';
export { default as SlSwitch } from '@shoelace-style/shoelace/dist/react/switch/index.js';
