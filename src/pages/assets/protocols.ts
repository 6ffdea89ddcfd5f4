import { t } from '../../core/i18n/index.ts'
import type { FieldRule } from '../../core/resource/fields.ts'

// jumpserver-api.md §2.3: 1–4 entries `<ssh|rdp|telnet|vnc>/<port>`, no protocol twice.
const PROTOCOL = /^(ssh|rdp|telnet|vnc)\/(\d{1,5})$/

export function protocolsProblem(value: unknown): boolean {
  const list = Array.isArray(value) ? value.map(String) : []
  if (list.length < 1 || list.length > 4) return true
  const names = new Set<string>()
  for (const entry of list) {
    const match = PROTOCOL.exec(entry)
    if (!match || Number(match[2]) > 65535 || names.has(match[1])) return true
    names.add(match[1])
  }
  return false
}

export const protocolsRule: FieldRule = (value) => (protocolsProblem(value) ? t('assets.help.protocolsInvalid') : undefined)
