/** Field messages of a 400 body (`{field: [msg, ...]}`) joined by '; ' for display on each field. */
export function fieldErrors(body: unknown): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!body || typeof body !== 'object' || Array.isArray(body)) return errors
  for (const [field, messages] of Object.entries(body as Record<string, unknown>)) {
    const text = flattenMessages(messages).join('; ')
    if (text) errors[field] = text
  }
  return errors
}

function flattenMessages(value: unknown): string[] {
  if (value == null) return []
  if (Array.isArray(value)) return value.flatMap(flattenMessages)
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
      flattenMessages(inner).map((message) => `${key}: ${message}`))
  }
  return [String(value)]
}

/**
 * The per-row errors of a failed CSV import (a 400 array, one element per data row) as lines
 * 'line N. field: message'. N is the line of the CSV file a spreadsheet shows: the header is line 1,
 * so the first data row is line 2.
 */
export function importErrorLines(body: unknown): string[] {
  if (!Array.isArray(body)) return []
  const lines: string[] = []
  body.forEach((row, index) => {
    const line = index + 2
    if (typeof row === 'string' && row) {
      lines.push(`line ${line}. ${row}`)
      return
    }
    for (const [field, message] of Object.entries(fieldErrors(row))) {
      lines.push(`line ${line}. ${field}: ${message}`)
    }
  })
  return lines
}
