// Django's `timesince` as 2.3 puts it beside the latest sessions: the largest unit, plus the next one
// when it is not zero ("2 days, 3 hours"); under a minute reads "0 minutes".
import type { Lang } from '../core/lib/i18n.ts';

const UNITS: [seconds: number, en: string, zh: string][] = [
  [365 * 86400, 'year', '年'],
  [30 * 86400, 'month', '月'],
  [7 * 86400, 'week', '周'],
  [86400, 'day', '天'],
  [3600, 'hour', '小时'],
  [60, 'minute', '分钟'],
];

const name = (count: number, unit: (typeof UNITS)[number], lang: Lang) =>
  lang === 'zh' ? `${count} ${unit[2]}` : `${count} ${unit[1]}${count === 1 ? '' : 's'}`;

export function timesince(fromMs: number, nowMs: number, lang: Lang): string {
  const seconds = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  const first = UNITS.findIndex(([size]) => seconds >= size);
  if (first < 0) return name(0, UNITS[UNITS.length - 1], lang);
  const count = Math.floor(seconds / UNITS[first][0]);
  const parts = [name(count, UNITS[first], lang)];
  const next = UNITS[first + 1];
  if (next) {
    const rest = Math.floor((seconds - count * UNITS[first][0]) / next[0]);
    if (rest > 0) parts.push(name(rest, next, lang));
  }
  return parts.join(lang === 'zh' ? ' ' : ', ');
}
