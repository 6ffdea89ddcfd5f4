// Named bit flags edited as a list of names (the asset-permission actions of jumpserver-api.md §2.5):
// a name stands for its bits, so a combined name (`all`, `updownload`) is set exactly when every one
// of its bits is, and ticking it sets them all.

export type BitNames = Record<string, number>;

/** OR of the bits of every known name in the list (unknown names add nothing). */
export function maskOf(names: unknown, bits: BitNames): number {
  if (!Array.isArray(names)) return 0;
  return names.reduce<number>((mask, name) => mask | (bits[String(name)] ?? 0), 0);
}

/** Every name whose bits are all set, in the order of `bits`. */
export function namesOf(mask: number, bits: BitNames): string[] {
  return Object.entries(bits)
    .filter(([, bit]) => bit !== 0 && (mask & bit) === bit)
    .map(([name]) => name);
}

/** The names after ticking (`on`) or clearing one name: its bits are set or cleared in the mask. */
export function toggleName(names: unknown, name: string, on: boolean, bits: BitNames): string[] {
  const mask = maskOf(names, bits);
  const bit = bits[name] ?? 0;
  return namesOf(on ? mask | bit : mask & ~bit, bits);
}
