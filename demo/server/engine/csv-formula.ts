// CSV formula injection (OWASP): a spreadsheet evaluates a cell that starts with = + - @ (or a tab /
// carriage return before one), so an exported value like `=HYPERLINK(...)` would run on the admin's
// machine. Such cells are written with a leading single quote, which spreadsheets show as text.
// Import undoes it exactly: a value that itself starts with a quote gets one more on export, so
// export → import gives back every original value.
const TRIGGER = /^[=+\-@\t\r']/;
const ESCAPED = /^'[=+\-@\t\r']/;

export const escapeFormula = (text: string): string => (TRIGGER.test(text) ? `'${text}` : text);

/** The original value of an exported cell, and whether it was escaped (then it is plain text). */
export function unescapeFormula(text: string): { text: string; escaped: boolean } {
  return ESCAPED.test(text) ? { text: text.slice(1), escaped: true } : { text, escaped: false };
}
