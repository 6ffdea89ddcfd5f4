import '../i18n.ts'
import { useState, type UIEvent } from 'react'
import { useT } from '../../i18n/index.ts'

export interface ComboOption {
  value: unknown
  label: string
}

export interface ComboProps {
  options: ComboOption[]
  value: unknown
  multiple?: boolean
  disabled?: boolean
  /** Remote mode: the caller filters; local mode filters the options by label. */
  onSearch?: (text: string) => void
  onMore?: () => void
  hasMore?: boolean
  /** Labels of chosen values that are not among the loaded options. */
  knownLabels?: Map<string, string>
  onChange: (value: unknown) => void
  label: string
}

const key = (value: unknown) => String(value)

/** A filtering select (single or multiple): type to narrow, click to choose, × to drop a chosen value. */
export function Combo(props: ComboProps) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const chosen: unknown[] = props.multiple ? (Array.isArray(props.value) ? props.value : []) : props.value == null || props.value === '' ? [] : [props.value]
  const labelOf = (value: unknown) =>
    props.options.find((o) => key(o.value) === key(value))?.label ?? props.knownLabels?.get(key(value)) ?? key(value)
  const shown = props.onSearch ? props.options : props.options.filter((o) => o.label.toLowerCase().includes(text.toLowerCase()))
  const isChosen = (value: unknown) => chosen.some((c) => key(c) === key(value))

  const pick = (value: unknown) => {
    if (!props.multiple) {
      props.onChange(value)
      setOpen(false)
      setText('')
      return
    }
    props.onChange(isChosen(value) ? chosen.filter((c) => key(c) !== key(value)) : [...chosen, value])
  }
  const drop = (value: unknown) => props.onChange(props.multiple ? chosen.filter((c) => key(c) !== key(value)) : null)
  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const list = event.currentTarget
    if (props.hasMore && list.scrollTop + list.clientHeight >= list.scrollHeight - 8) props.onMore?.()
  }

  return (
    <div className="combo" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setOpen(false)}>
      {chosen.length > 0 && (
        <div className="chosen">
          {chosen.map((value) => (
            <span key={key(value)} className="chip" data-value={key(value)}>
              {labelOf(value)}
              {!props.disabled && <button type="button" className="remove" onClick={() => drop(value)}>×</button>}
            </span>
          ))}
        </div>
      )}
      <input type="text" className="combo-input" aria-label={props.label} disabled={props.disabled} value={text}
        placeholder={t('engine.form.placeholder')}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value)
          setOpen(true)
          props.onSearch?.(e.target.value)
        }} />
      {open && !props.disabled && (
        <ul role="listbox" onScroll={onScroll}>
          {shown.map((option) => (
            <li key={key(option.value)} role="option" tabIndex={-1} aria-selected={isChosen(option.value)}
              className={isChosen(option.value) ? 'selected' : ''} onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(option.value)}>
              {option.label}
            </li>
          ))}
          {shown.length === 0 && <li className="muted">{t('engine.form.noMatch')}</li>}
          {props.hasMore && (
            <li className="more" tabIndex={-1} onMouseDown={(e) => e.preventDefault()} onClick={() => props.onMore?.()}>
              {t('engine.form.more')}
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
