// Kept next to the tree so the embeddable asset list carries it without the console's styles.
export const TREE_CSS = `
.node-tree { position: relative; font-size: 13px; user-select: none; }
.node-tree-list { list-style: none; margin: 0; padding: 0; }
.node-row { display: flex; align-items: center; gap: 2px; line-height: 24px; cursor: pointer; white-space: nowrap; }
.node-row:hover { background: var(--_color-hover); }
.node-row.selected > .node-title { background: var(--_color-primary); color: var(--_color-on-primary); }
.node-row .toggle { border: 0; background: none; width: 16px; padding: 0; cursor: pointer; color: inherit; }
.node-row .node-title { padding: 0 4px; border-radius: 2px; border: 0; background: none; font: inherit; color: inherit; cursor: pointer; line-height: inherit; }
.node-row .rename { font: inherit; padding: 0 4px; width: 140px; }
.node-row .folder { color: var(--_color-muted); margin: 0 2px; }
.node-row .tree-refresh { padding: 2px; margin-left: 2px; font-size: 12px; }
.tree-menu { position: fixed; z-index: 1000; display: flex; flex-direction: column; min-width: 140px;
  background: var(--_color-surface); border: 1px solid var(--_color-border); box-shadow: 0 2px 8px rgba(0,0,0,.15); padding: 4px 0; }
.tree-menu button { border: 0; background: none; text-align: left; padding: 6px 12px; cursor: pointer; font: inherit; color: inherit; }
.tree-menu button:hover { background: var(--_color-hover); }
.tree-loading { color: var(--_color-muted); }
`;
