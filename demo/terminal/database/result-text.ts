// A statement's answer as MariaDB's client prints it: a boxed table (numbers to the right) or, after
// `\G`, one field per line; "N rows in set", "Query OK, N rows affected", "ERROR 1146 (42S02): …".
// Values are data, never terminal commands: control characters in them are shown escaped (`\n`, `\x1b`),
// so a stored escape sequence cannot move the cursor, retitle the window or hide a line.
import type { FieldPacket } from 'mysql2';
import { widthOf } from '../texts/text-width.ts';

/** Column types the client aligns to the right (decimal, integer and floating types). */
const NUMERIC = new Set([0, 1, 2, 3, 4, 5, 8, 9, 13, 246]);
/** Rows kept to print one result: a SELECT of millions is counted, not held. */
export const MAX_SHOWN_ROWS = 2000;
const MAX_CELL = 1024;

export interface ResultSet {
  fields: FieldPacket[];
  rows: unknown[][];
  total: number;
}
export interface Outcome {
  affectedRows?: number;
  info?: string;
  warningStatus?: number;
}

const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
const escapeControls = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    .replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** One value as text: NULL, numbers, dates as the server sent them, JSON, and binary as hex when not text. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (Buffer.isBuffer(value)) {
    const utf8 = value.toString('utf8');
    text =
      Buffer.from(utf8, 'utf8').equals(value) && !/[\x00-\x08\x0e-\x1f]/.test(utf8)
        ? utf8
        : `0x${value
            .subarray(0, MAX_CELL / 2)
            .toString('hex')
            .toUpperCase()}`;
  } else if (typeof value === 'object' && !(value instanceof Date)) {
    text = JSON.stringify(value);
  } else {
    text = String(value);
  }
  if (text.length > MAX_CELL) text = `${text.slice(0, MAX_CELL)}…`;
  return escapeControls(text);
}

const seconds = (ms: number) => `(${(ms / 1000).toFixed(2)} sec)`;

function rowsLine(set: ResultSet, ms: number): string {
  if (!set.total) return `Empty set ${seconds(ms)}`;
  const more = set.total > set.rows.length ? ` (the door shows the first ${set.rows.length})` : '';
  return `${set.total} ${set.total === 1 ? 'row' : 'rows'} in set ${seconds(ms)}${more}`;
}

function table(set: ResultSet): string[] {
  const names = set.fields.map((field) => escapeControls(field.name));
  const cells = set.rows.map((row) => row.map(valueText));
  const widths = names.map((name, column) =>
    Math.max(widthOf(name), ...cells.map((row) => widthOf(row[column] ?? ''))),
  );
  const right = set.fields.map((field) => NUMERIC.has(Number(field.columnType)));
  const rule = `+${widths.map((width) => '-'.repeat(width + 2)).join('+')}+`;
  const line = (values: string[], align: boolean) =>
    `|${values
      .map((value, column) => {
        const fill = ' '.repeat(widths[column] - widthOf(value));
        return ` ${align && right[column] ? fill + value : value + fill} `;
      })
      .join('|')}|`;
  return [rule, line(names, false), rule, ...cells.map((row) => line(row, true)), rule];
}

function vertical(set: ResultSet): string[] {
  const names = set.fields.map((field) => escapeControls(field.name));
  const width = Math.max(...names.map(widthOf));
  return set.rows.flatMap((row, index) => [
    `${'*'.repeat(27)} ${index + 1}. row ${'*'.repeat(27)}`,
    ...names.map((name, column) => `${' '.repeat(width - widthOf(name))}${name}: ${valueText(row[column])}`),
  ]);
}

/** The lines printed for one result set of rows. */
export function resultSetLines(set: ResultSet, ms: number, asRows: boolean): string[] {
  const body = set.total ? (asRows ? vertical(set) : table(set)) : [];
  return [...body, rowsLine(set, ms)];
}

/** The lines printed for a statement that returned no rows. */
export function outcomeLines(outcome: Outcome, ms: number): string[] {
  const affected = outcome.affectedRows ?? 0;
  const lines = [
    `Query OK, ${affected} ${affected === 1 ? 'row' : 'rows'} affected${outcome.warningStatus ? `, ${outcome.warningStatus} warning${outcome.warningStatus === 1 ? '' : 's'}` : ''} ${seconds(ms)}`,
  ];
  const info = (outcome.info ?? '').trim();
  if (info) lines.push(escapeControls(info));
  return lines;
}

export interface SqlError {
  errno?: number;
  sqlState?: string;
  sqlMessage?: string;
  message?: string;
  code?: string;
}

/** The server's error as its client shows it, or the connection's own failure. */
export function errorLine(error: SqlError): string {
  if (error.errno && error.sqlState)
    return `ERROR ${error.errno} (${error.sqlState}): ${escapeControls(error.sqlMessage ?? error.message ?? '')}`;
  return `ERROR: ${escapeControls(error.message ?? String(error.code ?? error))}`;
}
