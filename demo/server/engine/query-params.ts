// Query parameters as the engine reads them. A repeated parameter arrives as an array; like Django's
// QueryDict.get, a single-valued parameter takes the last value, so `?name=a&name=b` cannot reach SQL
// as an array. Repeatable filters (assets' `label`) read the raw request query themselves.
export type Query = Record<string, string>;

export function singleValues(query: Record<string, unknown> | undefined): Query {
  const out: Query = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined && last !== null) out[name] = String(last);
  }
  return out;
}
