// The Tickets pages' own rules (state badges, the message thread, the review card), beside the engines' CSS.
export const ticketsCss = `
/* Lina's badge colours gave white text 2.6-4:1; these keep 4.5:1 in both themes (the tokens follow dark). */
.ticket-state { display: inline-block; padding: 0 8px; border-radius: 3px; font-size: 12px; line-height: 20px; color: #fff; }
.ticket-state-open { background: var(--_color-primary); color: var(--_color-on-primary); }
.ticket-state-approved { background: #1b67a8; }
.ticket-state-rejected { background: var(--_color-danger); color: var(--_color-on-danger); }
.ticket-state-closed { background: #5f6368; }
.ticket-page .list-toolbar { margin: 0 0 12px; }
.ticket-detail .detail-grid { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 16px; align-items: start; }
.ticket-detail .column { display: flex; flex-direction: column; gap: 16px; min-width: 0; }
.ticket-comments .comment { border-bottom: 1px solid var(--_color-border); padding: 10px 0; }
.ticket-comments .comment .who { font-weight: 600; }
.ticket-comments .comment .when { color: var(--_color-muted); font-size: 12px; margin-left: 8px; }
.ticket-comments .comment pre { white-space: pre-wrap; word-break: break-word; margin: 6px 0 0; font-family: inherit; }
.ticket-comments .empty { color: var(--_color-muted); }
.ticket-comments .reply, .ticket-review .review-item { margin-top: 12px; }
.ticket-review .review-item > label { display: block; font-weight: 600; margin-bottom: 4px; }
.ticket-buttons { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 12px; }
@media (max-width: 991px) { .ticket-detail .detail-grid { grid-template-columns: minmax(0, 1fr); } }
`;
