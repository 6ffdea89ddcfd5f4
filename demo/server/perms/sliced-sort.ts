// Sorting tens of thousands of granted assets in one Array.sort call holds the event loop for tens of
// milliseconds; this merge sort does the same in pieces (sorted runs, then merges) that pause
// between (see slices.ts). Stable, like Array.sort.
import type { Work } from './slices.ts';

const RUN = 512;

export function* sortSliced<T>(items: T[], compare: (a: T, b: T) => number): Work<T[]> {
  let runs: T[][] = [];
  for (let at = 0; at < items.length; at += RUN) {
    runs.push(items.slice(at, at + RUN).sort(compare));
    yield;
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let i = 0; i < runs.length; i += 2)
      merged.push(i + 1 < runs.length ? yield* merge(runs[i], runs[i + 1], compare) : runs[i]);
    runs = merged;
  }
  return runs[0] ?? [];
}

function* merge<T>(left: T[], right: T[], compare: (a: T, b: T) => number): Work<T[]> {
  const out: T[] = new Array(left.length + right.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < left.length && j < right.length) {
    // `<= 0` keeps equal items in their first order.
    out[k++] = compare(left[i], right[j]) <= 0 ? left[i++] : right[j++];
    if ((k & 511) === 0) yield;
  }
  while (i < left.length) out[k++] = left[i++];
  while (j < right.length) out[k++] = right[j++];
  return out;
}

/**
 * SQLite's BINARY order (UTF-8 bytes, i.e. code points). JavaScript's `<` compares UTF-16 units, which
 * differs only where a surrogate (a character above U+FFFF) meets a unit in U+E000–U+FFFF: the
 * surrogate's character is the greater one. Callers use plain `<` for strings without such units.
 */
export function compareBinary(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  if (i === a.length) return -1;
  if (i === b.length) return 1;
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  const surrogate = (unit: number) => unit >= 0xd800 && unit < 0xe000;
  if (x >= 0xd800 && y >= 0xd800 && surrogate(x) !== surrogate(y)) return surrogate(x) ? 1 : -1;
  return x < y ? -1 : 1;
}

/** Whether a string holds a unit where `<` and compareBinary may disagree. */
export const needsBinaryCompare = (text: string): boolean => /[\ud800-\uffff]/.test(text);
