// CSV export and import (§1.10): header row of translated labels ('*' before required ones) for
// export; on import, headers matched by label or field name, then the normal bulk path.
import { stringify } from 'csv-stringify/sync';
import type { Lang } from '../core/lib/i18n.ts';
import { pick } from '../core/lib/i18n.ts';
import { formatDateTime } from '../core/lib/time.ts';
import { escapeFormula, unescapeFormula } from './csv-formula.ts';
import type { FieldDef, ResourceDef, Row } from './types.ts';

export const CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;
const BOM = '\uFEFF';

/** The raw body of a `text/csv` request (see csv-body.ts). */
export class CsvUpload {
  constructor(readonly text: string) {}
}

export type Template = 'export' | 'import' | 'update';

export function templateOf(raw: string | undefined): Template {
  return raw === 'import' || raw === 'update' ? raw : 'export';
}

/** Columns of a template: export = readable fields; update = writable + id; import = writable. */
export function csvColumns(def: ResourceDef, template: Template): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([name, field]) => {
    if (template === 'export') return !field.write_only;
    if (name === 'id') return template === 'update';
    return !field.read_only;
  });
}

export function renderCsv(def: ResourceDef, lang: Lang, template: Template, rows: Row[]): string {
  const columns = csvColumns(def, template);
  const header = columns.map(([, f]) => `${f.required && !f.read_only ? '*' : ''}${pick(lang, f.label)}`);
  const body = rows.map((row) => columns.map(([name]) => escapeFormula(cell(row[name]))));
  return BOM + stringify([header, ...body]);
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `<model>_<YYYY-MM-DD_HH-MM-SS>.csv` in the caller's zone. */
export function csvFilename(def: ResourceDef, nowMs: number, tz: string): string {
  const stamp = (formatDateTime(new Date(nowMs).toISOString(), tz) ?? '')
    .slice(0, 19)
    .replace(' ', '_')
    .replace(/:/g, '-');
  return `${def.model.en.replace(/\s+/g, '_')}_${stamp}.csv`;
}

/** Parsed records (header first) as API bodies. Empty cells are left out. */
export function rowsFromRecords(def: ResourceDef, records: string[][]): Row[] {
  const [header = [], ...lines] = records;
  const names = header.map((title) => fieldFor(def, title.replace(/^\*/, '').trim()));
  return lines.map((line) => {
    const row: Row = {};
    line.forEach((value, i) => {
      const name = names[i];
      if (!name || value === '') return;
      const { text, escaped } = unescapeFormula(value);
      row[name] = escaped ? text : decodeCell(text);
    });
    return row;
  });
}

function fieldFor(def: ResourceDef, title: string): string | null {
  for (const [name, field] of Object.entries(def.fields)) {
    if (name === title || field.label.zh === title || field.label.en === title) return name;
  }
  return null;
}

/** `[..]` / `{..}` cells are JSON after mapping Chinese and single quotes to '"'. */
function decodeCell(value: string): unknown {
  if (!/^\[.*\]$|^\{.*\}$/s.test(value)) return value;
  try {
    return JSON.parse(value.replace(/[“”‘’']/g, '"'));
  } catch {
    return value;
  }
}
