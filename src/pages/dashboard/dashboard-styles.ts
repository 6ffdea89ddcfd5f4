// The board's own look (cards, rings, tables); the shell's .panel and .data-table do the rest.
export const DASHBOARD_CSS = `
.dashboard .range-switch { display: flex; gap: 0; margin-bottom: 16px; }
.dashboard .range-switch button { font: inherit; padding: 6px 14px; border: 1px solid #d2d6de; background: #fff; color: #676a6c; cursor: pointer; }
.dashboard .range-switch button + button { border-left: none; }
.dashboard .range-switch button[aria-pressed="true"] { background: #1ab394; border-color: #1ab394; color: #fff; }
.dashboard .summary-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 16px; margin-bottom: 20px; }
.dashboard .summary-card { background: #fff; border-top: 2px solid #1ab394; padding: 16px 20px; }
.dashboard .summary-card .card-label { font-size: 13px; }
.dashboard .summary-card .figure { font-size: 28px; color: #2f4050; margin-top: 6px; }
.dashboard .rings, .dashboard .tops { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 0 20px; }
.dashboard .ring-body { display: flex; align-items: center; gap: 24px; }
.dashboard .ring-legend { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.dashboard .ring-legend li { display: flex; gap: 8px; align-items: center; }
.dashboard .swatch { width: 10px; height: 10px; border-radius: 2px; display: inline-block; }
.dashboard .part-value { color: #2f4050; font-weight: 600; }
.dashboard .logins-chart { min-height: 260px; }
.dashboard .empty-row td { text-align: center; color: #999; }
`
