/** Field messages of a 400 body (`{field: [msg, ...]}`) joined by '; ' for display on each field. */
export function fieldErrors(body: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return errors;
  for (const [field, messages] of Object.entries(body as Record<string, unknown>)) {
    const text = flattenMessages(messages).join('; ');
    if (text) errors[field] = text;
  }
  return errors;
}

function flattenMessages(value: unknown): string[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.flatMap(flattenMessages);
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
      flattenMessages(inner).map((message) => `${key}: ${message}`),
    );
  }
  return [String(value)];
}

/**
 * A failed CSV import's 400: 2.3's array (one element per data row, `{}` for a good row), or, when
 * the server listed only the first bad rows of a big file, `{count, results}` with that array's start.
 */
function importRows(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? results : [];
}

const isBadRow = (row: unknown) =>
  (typeof row === 'string' && row !== '') || (!!row && typeof row === 'object' && Object.keys(row).length > 0);

/** How many rows had errors, and how many of them the answer lists. */
export function importErrorCount(body: unknown): { total: number; shown: number } {
  const shown = importRows(body).filter(isBadRow).length;
  const count = Array.isArray(body) ? undefined : (body as { count?: unknown } | null)?.count;
  return { total: typeof count === 'number' ? count : shown, shown };
}

/**
 * The per-row errors of a failed CSV import as lines 'line N. field: message'. N is the line of the
 * CSV file a spreadsheet shows: the header is line 1, so the first data row is line 2.
 */
export function importErrorLines(body: unknown): string[] {
  const lines: string[] = [];
  importRows(body).forEach((row, index) => {
    const line = index + 2;
    if (typeof row === 'string' && row) {
      lines.push(`line ${line}. ${row}`);
      return;
    }
    for (const [field, message] of Object.entries(fieldErrors(row))) {
      lines.push(`line ${line}. ${field}: ${message}`);
    }
  });
  return lines;
}
