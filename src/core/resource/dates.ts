// The list's date-range picker (spec §9): shortcuts, default times 00:00:01–23:59:59, ISO params.

const DAY_MS = 24 * 3600 * 1000

export const DATE_SHORTCUTS = [
  { key: 'last24h', ms: DAY_MS },
  { key: 'lastWeek', ms: 7 * DAY_MS },
  { key: 'last30d', ms: 30 * DAY_MS },
  { key: 'last90d', ms: 90 * DAY_MS },
] as const

export type ShortcutKey = (typeof DATE_SHORTCUTS)[number]['key']

export interface DateRange {
  from: string
  to: string
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The value format of `<input type="datetime-local" step="1">`, in local time. */
export function toLocalInput(date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

function atTime(date: Date, h: number, m: number, s: number): Date {
  const copy = new Date(date)
  copy.setHours(h, m, s, 0)
  return copy
}

/** The default range: `days` back from today, starting 00:00:01 and ending today 23:59:59. */
export function defaultRange(days: number, now = new Date()): DateRange {
  const start = new Date(now.getTime() - days * DAY_MS)
  return { from: toLocalInput(atTime(start, 0, 0, 1)), to: toLocalInput(atTime(now, 23, 59, 59)) }
}

export function shortcutRange(key: ShortcutKey, now = new Date()): DateRange {
  const shortcut = DATE_SHORTCUTS.find((s) => s.key === key) ?? DATE_SHORTCUTS[0]
  return { from: toLocalInput(new Date(now.getTime() - shortcut.ms)), to: toLocalInput(now) }
}

/** `date_from`/`date_to` as ISO strings; a bound that is not a valid date is left out. */
export function rangeParams(range: Partial<DateRange>): Record<string, string> {
  const params: Record<string, string> = {}
  const from = range.from ? new Date(range.from) : null
  const to = range.to ? new Date(range.to) : null
  if (from && !Number.isNaN(from.getTime())) params.date_from = from.toISOString()
  if (to && !Number.isNaN(to.getTime())) params.date_to = to.toISOString()
  return params
}
