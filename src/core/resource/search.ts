export type SearchParams = Record<string, unknown>;

/**
 * Spec §5: search values that are empty, null or undefined are dropped and the rest trimmed.
 * Arrays are kept when they have a non-empty item; other values become strings.
 */
export function cleanSearchParams(params: SearchParams): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [key, raw] of Object.entries(params)) {
    if (raw === null || raw === undefined) continue;
    const value = Array.isArray(raw)
      ? raw
          .map((item) => String(item ?? '').trim())
          .filter(Boolean)
          .join(',')
      : String(raw).trim();
    if (value !== '') clean[key] = value;
  }
  return clean;
}

/** Search state lives in the address (spec §2): a stable query string of the cleaned params. */
export function searchToQuery(params: SearchParams): string {
  const clean = cleanSearchParams(params);
  return new URLSearchParams(Object.entries(clean).sort(([a], [b]) => a.localeCompare(b))).toString();
}

export function queryToSearch(query: string): Record<string, string> {
  return cleanSearchParams(Object.fromEntries(new URLSearchParams(query)));
}
