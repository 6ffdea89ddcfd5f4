// Layout of the user page: the granted tree beside the table, as the admin asset list lays it out.
export const USER_PAGE_CSS = `.user-page-layout { display: flex; gap: 12px; align-items: flex-start; }
.user-page-layout > .tree-pane { flex: 0 0 240px; background: var(--_color-surface); border: 1px solid var(--_color-border); padding: 8px; overflow: auto; max-height: 80vh; }
.user-page-layout > .table-pane { flex: 1; min-width: 0; }
.tree-pane .all-assets { border: 0; background: none; cursor: pointer; padding: 2px 4px; color: var(--_color-primary); font: inherit; }
.tree-pane .all-assets.selected { font-weight: bold; }
.granted-table td[data-prop="hostname"], .granted-table td[data-prop="ip"], .granted-table td[data-prop="name"] { white-space: nowrap; }
.granted-empty { display: block; margin: 0; border: 1px dashed var(--_color-border); background: var(--_color-surface); }
.granted-actions { display: inline-flex; align-items: center; gap: 4px; }
.favorite.starred::part(base) { color: #f8ac59; }
.system-users { display: inline-flex; flex-wrap: wrap; gap: 4px; }
.system-user { background: var(--_color-surface-alt); border-radius: 3px; padding: 0 4px; }`;
