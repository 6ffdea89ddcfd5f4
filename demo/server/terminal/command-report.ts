// commands/export/: a self-contained HTML report (2.3 command_report.html), every value escaped and no
// script, so a command typed by anyone renders as text in whatever opens the file.
import { escapeHtml } from '../core/lib/html.ts';
import { pick } from '../core/lib/i18n.ts';
import { formatDateTime, isoAt } from '../core/lib/time.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { L } from '../engine/field-kit.ts';

const COLUMNS: Array<[string, { en: string; zh: string }]> = [
  ['input', L('命令', 'Command')],
  ['output', L('输出', 'Output')],
  ['user', L('用户', 'User')],
  ['asset', L('资产', 'Asset')],
  ['system_user', L('系统用户', 'System user')],
  ['risk_level_display', L('风险等级', 'Risk level')],
  ['session', L('会话', 'Session')],
  ['timestamp', L('日期', 'Date')],
];

export function commandReport(args: HookArgs, rows: Row[], total: number): string {
  const lang = args.ctx.lang;
  const when = (epoch: unknown) => formatDateTime(isoAt(Number(epoch) * 1000), args.ctx.tz) ?? '';
  const head = COLUMNS.map(([, label]) => `<th>${escapeHtml(pick(lang, label))}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${COLUMNS.map(([name]) => `<td>${escapeHtml(name === 'timestamp' ? when(row.timestamp) : row[name])}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const title = pick(lang, L('命令记录', 'Command report'));
  const summary = pick(
    lang,
    L('共 {total} 条，本报告含 {shown} 条；生成于 {now}', '{total} commands, {shown} in this report; generated {now}'),
    { total, shown: rows.length, now: when(Math.floor(args.now / 1000)) },
  );
  return `<!DOCTYPE html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 6px;text-align:left;vertical-align:top;white-space:pre-wrap;word-break:break-all}th{background:#f3f3f3}</style>
</head><body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(summary)}</p>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></body></html>
`;
}
