// Kept next to the tree so the embeddable asset list carries it without the console's styles.
export const TREE_CSS = `
.node-tree { position: relative; font-size: 13px; user-select: none; }
.node-tree-list { list-style: none; margin: 0; padding: 0; }
.node-row { display: flex; align-items: center; gap: 2px; line-height: 24px; cursor: pointer; white-space: nowrap; }
.node-row:hover { background: #f3f3f4; }
.node-row.selected > .node-title { background: #e6f2ff; color: #1c84c6; }
.node-row .toggle { border: 0; background: none; width: 16px; padding: 0; cursor: pointer; color: #676a6c; }
.node-row .node-title { padding: 0 4px; border-radius: 2px; }
.node-row .rename { font: inherit; padding: 0 4px; width: 140px; }
.tree-menu { position: fixed; z-index: 1000; display: flex; flex-direction: column; min-width: 140px;
  background: #fff; border: 1px solid #e7eaec; box-shadow: 0 2px 8px rgba(0,0,0,.15); padding: 4px 0; }
.tree-menu button { border: 0; background: none; text-align: left; padding: 6px 12px; cursor: pointer; font: inherit; }
.tree-menu button:hover { background: #f3f3f4; }
.tree-loading { color: #999; }
`
