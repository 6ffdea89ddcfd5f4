// Columns a text takes on a terminal: CJK and fullwidth characters take two, so a Chinese header or
// comment counted by characters would push the menu's columns out of line.
const WIDE: [number, number][] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x20000, 0x3fffd],
];

const charWidth = (char: string): number => {
  const code = char.codePointAt(0) ?? 0;
  return WIDE.some(([from, to]) => code >= from && code <= to) ? 2 : 1;
};

export const widthOf = (text: string): number => [...text].reduce((sum, char) => sum + charWidth(char), 0);

/** `text` filled with blanks to `width` columns, or cut to fit with an ellipsis. */
export function pad(text: string, width: number): string {
  const total = widthOf(text);
  if (total <= width) return text + ' '.repeat(width - total);
  let out = '';
  let used = 0;
  for (const char of text) {
    if (used + charWidth(char) > width - 1) break;
    out += char;
    used += charWidth(char);
  }
  return `${out}…${' '.repeat(Math.max(0, width - 1 - used))}`;
}
