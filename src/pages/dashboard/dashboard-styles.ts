// The board's own look (cards, rings, tables); the shell's .panel and .data-table do the rest.
export const DASHBOARD_CSS = `
.dashboard .range-switch { display: flex; gap: 0; margin-bottom: 16px; }
.dashboard .range-switch button { font: inherit; padding: 6px 14px; border: 1px solid var(--_color-border-strong); background: var(--_color-surface); color: var(--_color-text); cursor: pointer; }
.dashboard .range-switch button + button { border-left: none; }
.dashboard .range-switch button[aria-pressed="true"] { background: var(--_color-primary); border-color: var(--_color-primary); color: var(--_color-on-primary); }
.dashboard .summary-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 16px; margin-bottom: 20px; }
.dashboard .summary-card { background: var(--_color-surface); border-top: 2px solid var(--_color-accent); padding: 16px 20px; }
.dashboard .summary-card .card-label { font-size: 13px; }
.dashboard .summary-card .figure { font-size: 28px; color: var(--_color-heading); margin-top: 6px; }
.dashboard .rings, .dashboard .tops { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 0 20px; }
.dashboard .ring-body { display: flex; align-items: center; gap: 24px; }
.dashboard .ring-legend { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.dashboard .ring-legend li { display: flex; gap: 8px; align-items: center; }
.dashboard .swatch { width: 10px; height: 10px; border-radius: 2px; display: inline-block; }
.dashboard .part-value { color: var(--_color-heading); font-weight: 600; }
.dashboard .logins-chart { min-height: 260px; }
.dashboard .storage-status.trouble { border-left: 3px solid var(--_color-danger); }
.dashboard .empty-row td { text-align: center; color: var(--_color-muted); }
`;
