// Python's str() of a JSON value. 2.3 keeps an ad hoc's `options` in a JsonDictCharField, which its
// ModelSerializer renders through a CharField: the API answers `str(dict)`, e.g. "{'forks': 10}", and
// Lina's AdhocDetail edits that text (`options.replace(...)`), so an object there is a TypeError.
const quote = (text: string) =>
  text.includes("'") && !text.includes('"') ? `"${text}"` : `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${quote(k)}: ${pythonRepr(v)}`)
    .join(', ')}}`;
}
