import { COLUMN_WIDTH } from '../resource/columns.ts';

// The engines' CSS, rendered as a <style> inside each engine page (they live in the element's
// shadow root, where the shell's adopted sheet does not know them).
export const engineCss = `
.engine-page { background: var(--_color-surface); padding: calc(var(--_spacing) * 2.5); border-top: 2px solid var(--_color-border); }
.engine-page > h2 { margin: 0 0 16px; font-size: 16px; color: var(--_color-heading); }
.list-toolbar { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-bottom: 12px; }
.list-toolbar .spacer { flex: 1; }
.search-bar { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; border: 1px solid var(--_color-border-strong);
  border-radius: var(--_radius); padding: 2px 6px; min-width: 320px; background: var(--_color-surface); }
/* The bar is the search box's visible edge: it shows the focus the borderless input inside cannot. */
.search-bar:focus-within { border-color: var(--_color-primary); box-shadow: 0 0 0 2px var(--_color-primary); }
.search-bar input, .search-bar select { border: 0; outline: 0; font: inherit; padding: 4px; min-width: 120px; color: inherit; background: none; }
.date-range { display: flex; gap: 4px; align-items: center; flex-wrap: wrap; }
.date-bound { position: relative; display: inline-flex; align-items: center; border: 1px solid var(--_color-border-strong); border-radius: var(--_radius); background: var(--_color-surface); }
.date-bound:focus-within { border-color: var(--_color-primary); box-shadow: 0 0 0 2px var(--_color-primary); }
.date-bound.invalid { border-color: var(--_color-danger); }
.date-bound input[type="text"] { border: 0; outline: 0; font: inherit; font-size: 13px; font-variant-numeric: tabular-nums;
  width: 10.5em; padding: 4px 2px 4px 8px; background: none; color: inherit; }
.date-bound .icon-button { padding: 4px 6px; }
/* The native day picker only lends its calendar: invisible, it opens under its bound. */
.date-bound .date-picker { position: absolute; left: 0; bottom: 0; width: 1px; height: 1px; opacity: 0; border: 0; padding: 0; pointer-events: none; }
.date-range-to { color: var(--_color-muted); }
.engine-table { border-collapse: collapse; width: 100%; font-size: 13px; table-layout: auto; }
.engine-table th, .engine-table td { border-bottom: 1px solid var(--_color-border); padding: calc(var(--_spacing) * var(--_density)); text-align: left; vertical-align: middle; }
.engine-table { background: var(--_color-surface); color: var(--_color-text); }
.engine-table th { background: var(--_color-surface-alt); color: var(--_color-heading); font-weight: 600; white-space: nowrap; }
.engine-table tbody tr:hover { background: var(--_color-hover); }
.engine-table th.select, .engine-table td.select { width: 36px; }
.engine-table th.sortable { cursor: pointer; user-select: none; }
.engine-table th .sort { color: var(--_color-muted); margin-left: 4px; }
.engine-table th .sort-button { all: unset; cursor: pointer; }
.engine-table th .sort-button:focus-visible { outline: 2px solid var(--_color-primary); outline-offset: 2px; }
.engine-table th.sorted .sort { color: var(--_color-primary); }
.engine-table td.actions { width: ${COLUMN_WIDTH.actions}px; white-space: nowrap; }
/* Lina's rows are 40 px (its row buttons 22-28 px): small buttons of 30 px made every row 46 px, a third
   fewer rows in view. The buttons follow the density token too. */
.engine-table td .btn-small { height: calc(24px * var(--_density)); min-height: 20px; padding: 0 8px; }
/* A server date reads '2026-11-25 00:00:01 +0800': one line, the zone never wrapped below. */
.engine-table td.datetime { white-space: nowrap; }
.table-scroll { overflow-x: auto; max-width: 100%; }
.table-scroll .engine-table th.actions, .table-scroll .engine-table td.actions { position: sticky; right: 0; background: var(--_color-surface); box-shadow: inset 1px 0 0 var(--_color-border); }
.table-scroll .engine-table th.actions { background: var(--_color-surface-alt); }
.engine-table .empty { text-align: center; color: var(--_color-muted); padding: 24px; }
.engine-table .empty.failed { color: var(--_color-danger); }
.engine-table .bool-icon { display: inline-flex; align-items: center; justify-content: center; width: 1em; height: 1em; border-radius: 50%; background: currentColor; vertical-align: -0.125em; }
.engine-table .bool-icon::after { content: '✓'; color: var(--_color-surface); font-size: 0.75em; font-weight: bold; line-height: 1; }
.engine-table .bool-false::after { content: '✕'; }
.engine-table .bool-true { color: var(--_color-primary); }
.engine-table .bool-false { color: var(--_color-danger); }
.pager { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; justify-content: flex-end; margin-top: 12px; }
.pager button, .pager select { min-width: 30px; height: calc(28px * var(--_density)); min-height: 24px; border: 1px solid var(--_color-border-strong);
  background: var(--_color-surface); color: var(--_color-text); font: inherit; cursor: pointer; border-radius: var(--_radius); }
.pager button.current { background: var(--_color-primary); color: var(--_color-on-primary); border-color: var(--_color-primary); }
.pager button:disabled { cursor: not-allowed; opacity: .5; }
.engine-form { display: grid; gap: 16px; max-width: 720px; }
.engine-form fieldset { border: 0; border-top: 1px solid var(--_color-border); padding: 12px 0 0; margin: 0; display: grid; gap: 16px; }
.engine-form legend { font-weight: 600; color: var(--_color-heading); padding-right: 8px; }
.form-item { display: grid; grid-template-columns: 160px 1fr; gap: 4px 12px; align-items: start; }
.form-item > label { text-align: right; padding-top: 6px; }
.form-item.required > label::before { content: '* '; color: var(--_color-danger); }
.form-item .help { color: var(--_color-muted); font-size: 12px; grid-column: 2; }
.form-item .field-note { color: var(--_color-warning); background: var(--_color-warning-background); border-radius: 3px; padding: 4px 8px; font-size: 12px; grid-column: 2; }
.form-item .field-error { color: var(--_color-danger); font-size: 12px; grid-column: 2; }
.form-error { color: var(--_color-danger); }
/* Short choice groups (radios are used up to RADIO_MAX_CHOICES) sit on one line, as 2.3's do. */
sl-radio-group.inline::part(form-control-input) { display: flex; flex-wrap: wrap; gap: 4px 20px; }
.datetime-input { position: relative; }
/* The native picker only anchors the calendar popup; the text input is what users read and type. */
.datetime-input .datetime-picker { position: absolute; right: 0; bottom: 0; width: 1px; height: 1px; opacity: 0; border: 0; padding: 0; pointer-events: none; }
.form-buttons { display: flex; gap: 8px; padding-left: 172px; }
/* Each choice keeps its words together: 剪贴板复制粘贴 broke in the middle when the labels flowed as text. */
.bits-checkboxes { display: flex; flex-wrap: wrap; gap: 6px 18px; }
.bit-option { display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; }
.combo { position: relative; }
.combo .chosen { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 4px; }
.combo input { width: 100%; box-sizing: border-box; height: 40px; font: inherit; padding: 0 12px; border: 1px solid var(--_color-border-strong); border-radius: var(--_radius);
  background: var(--_color-surface); color: var(--_color-text); }
.combo input:focus { outline: none; border-color: var(--_color-primary); box-shadow: 0 0 0 2px var(--_color-primary); }
.chip { display: inline-flex; align-items: center; gap: 4px; height: 24px; padding: 0 8px; font-size: 12px; color: var(--_color-text);
  background: var(--_color-surface-alt); border: 1px solid var(--_color-border); border-radius: var(--_radius); }
.chip .remove { border: 0; background: none; padding: 0 2px; font-size: 14px; line-height: 1; color: var(--_color-muted); cursor: pointer; border-radius: 50%; }
.chip .remove:hover { color: var(--_color-surface); background: var(--_color-muted); }
.combo ul { position: absolute; z-index: 10; left: 0; right: 0; max-height: 220px; overflow-y: auto; margin: 2px 0 0;
  padding: 4px 0; list-style: none; background: var(--_color-surface); border: 1px solid var(--_color-border-strong); border-radius: var(--_radius); box-shadow: 0 2px 8px rgba(0,0,0,.1); }
.combo li { padding: 6px 10px; cursor: pointer; }
.combo li:hover, .combo li.selected, .combo li.highlighted { background: var(--_color-hover); color: var(--_color-primary); }
.combo li.muted { color: var(--_color-muted); cursor: default; }
.detail-tabs { display: flex; gap: 4px; border-bottom: 2px solid var(--_color-border); margin-bottom: 16px; }
.detail-tabs button { border: 0; background: none; font: inherit; padding: 10px 18px; margin-bottom: -2px; cursor: pointer;
  color: var(--_color-heading); border-bottom: 2px solid transparent; }
.detail-tabs button:hover { color: var(--_color-primary); }
.detail-tabs button.active { color: var(--_color-primary); border-bottom-color: var(--_color-primary); font-weight: 600; }
.detail-grid { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 20px; }
.card { border: 1px solid var(--_color-border); margin-bottom: 16px; }
.card > h3 { margin: 0; padding: 10px 14px; font-size: 14px; color: var(--_color-heading); background: var(--_color-surface-alt); border-bottom: 1px solid var(--_color-border); }
.card > .body { padding: 12px 14px; }
/* Fixed: a long unbreakable value (a user agent) took the label's width and squeezed 内容 to one character a line. */
.kv { border-collapse: collapse; width: 100%; table-layout: fixed; }
.kv th { text-align: right; width: 35%; padding: 6px 12px 6px 0; font-weight: 500; vertical-align: top; }
.kv td { padding: 6px 0; word-break: break-all; }
.kv td pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font-family: inherit; }
.quick-action, .member { display: flex; align-items: center; justify-content: space-between; padding: 6px 0; }
.import-errors { color: var(--_color-danger); font-size: 12px; max-height: 200px; overflow: auto; margin: 8px 0 0; padding-left: 18px; }
.bulk-field { display: grid; grid-template-columns: 24px 1fr; gap: 8px; align-items: start; margin-bottom: 12px; }
`;

/** Spec §9: dialogs open 3vh from the top instead of centred. */
export const DIALOG_TOP = '3vh';
export const dialogCss = `
sl-dialog.engine-dialog::part(base) { align-items: flex-start; }
sl-dialog.engine-dialog::part(panel) { margin-top: var(--engine-dialog-top, ${DIALOG_TOP}); }
`;
