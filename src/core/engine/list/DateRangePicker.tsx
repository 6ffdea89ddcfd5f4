import '../i18n.ts'
import { useT } from '../../i18n/index.ts'
import { DATE_SHORTCUTS, shortcutRange, type DateRange } from '../../resource/dates.ts'

/** Two datetime-local inputs plus the spec §9 shortcuts; invalid input is ignored by rangeParams. */
export function DateRangePicker({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const t = useT()
  return (
    <div className="date-range">
      <input type="datetime-local" step="1" className="date-from" aria-label={t('engine.list.dateFrom')}
        value={value.from} onChange={(e) => onChange({ ...value, from: e.target.value })} />
      <span>–</span>
      <input type="datetime-local" step="1" className="date-to" aria-label={t('engine.list.dateTo')}
        value={value.to} onChange={(e) => onChange({ ...value, to: e.target.value })} />
      <select className="date-shortcut" value="" aria-label={t('engine.list.quickRange')}
        onChange={(e) => e.target.value && onChange(shortcutRange(e.target.value as (typeof DATE_SHORTCUTS)[number]['key']))}>
        <option value="">…</option>
        {DATE_SHORTCUTS.map((s) => <option key={s.key} value={s.key}>{t(`engine.list.shortcut.${s.key}`)}</option>)}
      </select>
    </div>
  )
}
