// The file manager's own look, inside the element's shadow root.
export const FILE_MANAGER_CSS = `
.files { font: 14px/1.5 var(--bastion-font, system-ui, sans-serif); padding: 16px; box-sizing: border-box; height: 100%; overflow: auto; }
.files-crumbs { margin-bottom: 8px; }
.files-crumbs .sep { margin: 0 4px; color: #888; }
.files button { font: inherit; padding: 3px 10px; border: 1px solid #c8ccd3; border-radius: 3px; background: #fff; cursor: pointer; }
.files button:disabled { opacity: .5; cursor: default; }
.files button.link { border: 0; background: none; color: #1f6fb5; padding: 0; }
.files button.danger { color: #c0392b; }
.files-toolbar { display: flex; gap: 8px; margin-bottom: 8px; }
.files-message { padding: 6px 10px; border-radius: 3px; }
.files-message.error { background: #fdecea; color: #a12b1f; }
.files-message.info { background: #eaf4fd; color: #1f4f7a; }
.files-transfer, .files-edit { display: flex; gap: 8px; align-items: center; margin: 6px 0; }
.files-edit input { margin-left: 6px; font: inherit; }
.files-table { width: 100%; border-collapse: collapse; }
.files-table th, .files-table td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eceef1; white-space: nowrap; }
.files-table .row-actions { display: flex; gap: 6px; }
.files-hint, .files-empty, .files-loading { color: #777; }
`
