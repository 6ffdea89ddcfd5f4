// The file manager's own look, inside the element's shadow root: the theme's tokens (core/ui/theme.ts),
// so `--bastion-color-*` set by a host, and the dark theme, reach it as they reach every element.
export const FILE_MANAGER_CSS = `
.files { font-family: var(--_font-family); font-size: var(--_font-size); line-height: var(--_line-height); color: var(--_color-text);
  background: var(--_color-surface); padding: 16px; box-sizing: border-box; height: 100%; overflow: auto; }
.files-crumbs { margin-bottom: 8px; }
.files-crumbs .sep { margin: 0 4px; color: var(--_color-muted); }
.files button { font: inherit; padding: 3px 10px; border: 1px solid var(--_color-border-strong); border-radius: var(--_radius);
  background: var(--_color-surface); color: var(--_color-text); cursor: pointer; }
.files button:hover:not(:disabled) { background: var(--_color-hover); color: var(--_color-primary); }
.files button:disabled { opacity: .5; cursor: default; }
.files button.link { border: 0; background: none; color: var(--_color-primary); padding: 0; }
.files button.danger { color: var(--_color-danger); }
.files-toolbar { display: flex; gap: 8px; margin-bottom: 8px; }
.files-message { padding: 6px 10px; border-radius: var(--_radius); border-left: 3px solid; }
.files-message.error { background: var(--_color-warning-background); color: var(--_color-danger); }
.files-message.info { background: var(--_color-surface-alt); color: var(--_color-heading); }
.files-transfer, .files-edit { display: flex; gap: 8px; align-items: center; margin: 6px 0; }
.files-edit input { margin-left: 6px; font: inherit; color: var(--_color-text); background: var(--_color-surface); border: 1px solid var(--_color-border-strong); }
.files-table { width: 100%; border-collapse: collapse; }
.files-table th { color: var(--_color-heading); background: var(--_color-surface-alt); }
.files-table th, .files-table td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--_color-border); white-space: nowrap; }
.files-table .row-actions { display: flex; gap: 6px; }
.files-hint, .files-empty, .files-loading { color: var(--_color-muted); }
`;
