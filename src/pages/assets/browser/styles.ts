import { engineCss } from '../../../core/engine/styles.ts';

// The embeddable list brings its own look: the engine's table and pager rules plus its layout.
export const BROWSER_CSS = `${engineCss}
.asset-browser { display: flex; gap: 12px; align-items: flex-start; font-size: 13px; }
.asset-browser > .tree-pane { flex: 0 0 220px; border: 1px solid var(--_color-border); padding: 8px; overflow: auto; max-height: 70vh; }
.asset-browser > .table-pane { flex: 1; min-width: 0; }
.asset-browser .toolbar { display: flex; gap: 12px; align-items: center; margin-bottom: 8px; }
.asset-browser .toolbar .search { margin-left: auto; padding: 4px 8px; }
.asset-browser .tree-pane .all-assets { border: 0; background: none; cursor: pointer; padding: 2px 4px; color: var(--_color-primary); font: inherit; }
.asset-browser .tree-pane .all-assets.selected { font-weight: bold; }
.asset-table td.favorite, .asset-table th.favorite { width: 1%; text-align: center; }
.asset-table .favorite-mark { color: var(--_color-warning); }
.asset-table td.actions { white-space: nowrap; }
.sign-in { padding: 16px; }`;
