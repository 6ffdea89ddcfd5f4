// CSV imports (§1.10) that do not freeze the server: the file is parsed, turned into rows, checked,
// written and echoed in slices of a few milliseconds, yielding to the event loop between slices, so
// other requests are served while a 10 MiB file is imported. Still all or nothing: every row is
// checked first (no writes), then written in one transaction that commits only if every row went in
// (csv-transaction.ts: how that transaction ends without a long stall); meanwhile other writes wait at
// the write gate. Answers are bounded: the first CSV_ERROR_ROWS bad rows, and at most CSV_ECHO_ROWS
// objects echoed.
import { parse } from 'csv-parse';
import type { FastifyReply } from 'fastify';
import { t } from '../core/lib/i18n.ts';
import { rowsFromRecords } from './csv.ts';
import { beginImport } from './csv-transaction.ts';
import type { HookArgs, Refusal, ResourceDef, Row } from './types.ts';
import { validateBody, type FieldErrors } from './validate.ts';
import { respond, type ItemResult } from './write.ts';
import { writeGateOf } from './write-gate.ts';

/** Bad rows reported in a 400 (with every row before them, aligned as 2.3 answers). */
export const CSV_ERROR_ROWS = 100;
/** Objects echoed in a success answer; a larger import answers `{count, results}`. */
export const CSV_ECHO_ROWS = 1000;
/** Longest stretch of import work between two yields to the event loop. */
const SLICE_MS = 10;
const PARSE_PIECE = 32 * 1024;
/** Records turned into rows at a time (60,000 at once held the loop ~100 ms). */
const RECORD_BATCH = 500;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `step(i)` for every i, yielding to the event loop whenever a slice has taken SLICE_MS. */
async function sliced(count: number, step: (index: number) => boolean | void): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < count; i += 1) {
    if (step(i) === false) return;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
}

/** The rows of the file as API bodies, or null when it is not CSV; parsed piece by piece. */
export async function parseCsvSliced(def: ResourceDef, text: string): Promise<Row[] | null> {
  const parser = parse({ bom: true, skip_empty_lines: true, skip_records_with_empty_values: true, trim: true });
  const records: string[][] = [];
  let failed = false;
  parser.on('readable', () => {
    for (let record = parser.read(); record !== null; record = parser.read()) records.push(record as string[]);
  });
  parser.on('error', () => {
    failed = true;
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', () => resolve());
  });
  for (let at = 0; at < text.length && !failed; at += PARSE_PIECE) {
    parser.write(text.slice(at, at + PARSE_PIECE));
    await yieldToLoop();
  }
  if (!failed) parser.end();
  await ended;
  if (failed) return null;
  const [header = [], ...lines] = records;
  const rows: Row[] = [];
  await sliced(Math.ceil(lines.length / RECORD_BATCH), (i) => {
    for (const row of rowsFromRecords(def, [header, ...lines.slice(i * RECORD_BATCH, (i + 1) * RECORD_BATCH)]))
      rows.push(row);
  });
  return rows;
}

/** How one row is checked without writing (pass 1) and then written (pass 2). */
export interface RowPlan {
  /** The row's problems, or a refusal that stops the whole import; null when it may be written. */
  check(item: Row): { errors: FieldErrors } | { refusal: Refusal } | null;
  write(item: Row): ItemResult;
}

export function createPlan(def: ResourceDef, args: HookArgs, create: (item: Row) => ItemResult): RowPlan {
  return {
    check: (item) => {
      const { errors } = validateBody(def, args, def.createIgnoresBody ? {} : item, null, 'create');
      return errors ? { errors } : null;
    },
    write: create,
  };
}

type Outcome = { errors: (FieldErrors | null)[]; refusal: Refusal | null };

/** Runs the import and sends its answer (201/200 objects, 400 errors, or the refusal). */
export async function runImport(
  def: ResourceDef,
  args: HookArgs,
  rows: Row[],
  plan: RowPlan,
  reply: FastifyReply,
  status: number,
  afterCommit?: (ids: string[]) => void,
) {
  const checked = await checkAll(def, args, rows, plan);
  if (checked.refusal) return reply.code(checked.refusal.status).send(checked.refusal.body);
  if (checked.errors.some(Boolean)) return reply.code(400).send(errorAnswer(checked.errors, rows.length));

  const release = await writeGateOf(args.request.server).acquire();
  const ids: string[] = [];
  const echoed: { id: string; data: Row }[] = [];
  const written: Outcome = { errors: [], refusal: null };
  let transaction: ReturnType<typeof beginImport> | null = null;
  try {
    transaction = beginImport(args.db, def);
    await sliced(rows.length, (i) => {
      const result = plan.write(rows[i]);
      if ('refusal' in result) written.refusal = result.refusal;
      else if ('errors' in result) written.errors[i] = result.errors;
      else {
        ids.push(result.id);
        if (echoed.length < CSV_ECHO_ROWS) echoed.push(result);
      }
      return !written.refusal;
    });
    // A row can still fail here (a rule only the write itself enforces): then nothing is kept.
    if (written.refusal || written.errors.some(Boolean)) transaction.rollback();
    else transaction.commit();
  } catch (error) {
    transaction?.rollback();
    throw error;
  } finally {
    release();
  }
  // The COMMIT itself took a few tens of milliseconds: let waiting requests in before going on.
  await yieldToLoop();
  if (written.refusal) return reply.code(written.refusal.status).send(written.refusal.body);
  if (written.errors.some(Boolean)) return reply.code(400).send(errorAnswer(written.errors, rows.length));
  afterCommit?.(ids);
  await yieldToLoop();
  // Each echoed object is serialized with its relations (a few lookups each): 1000 at once held the loop ~100 ms.
  const results: Row[] = [];
  await sliced(echoed.length, (i) => {
    results.push(respond(def, args, echoed[i]));
  });
  return reply.code(status).send(ids.length > CSV_ECHO_ROWS ? { count: ids.length, results } : results);
}

/** Pass 1: every row checked (no writes), plus values of unique fields repeated within the file. */
async function checkAll(def: ResourceDef, args: HookArgs, rows: Row[], plan: RowPlan): Promise<Outcome> {
  const outcome: Outcome = { errors: [], refusal: null };
  const unique = Object.entries(def.fields)
    .filter(([, f]) => f.unique && !f.read_only)
    .map(([name]) => name);
  const seen = new Map(unique.map((name) => [name, new Set<string>()]));
  await sliced(rows.length, (i) => {
    const row = rows[i];
    const result = plan.check(row);
    if (result && 'refusal' in result) {
      outcome.refusal = result.refusal;
      return false;
    }
    const errors: FieldErrors = result?.errors ? { ...result.errors } : {};
    // Every row goes into the same org, so a value seen twice in the file would clash on write.
    for (const name of unique) {
      if (row[name] === undefined || errors[name]) continue;
      const values = seen.get(name)!;
      if (values.has(String(row[name]))) errors[name] = [t(args.ctx.lang, 'field.unique')];
      values.add(String(row[name]));
    }
    if (Object.keys(errors).length) outcome.errors[i] = errors;
    return true;
  });
  return outcome;
}

/**
 * 2.3's 400: an array aligned with the rows (`{}` for a good row). Bounded: it stops at the
 * CSV_ERROR_ROWS-th bad row; when more rows were bad it becomes `{count, results}` with the total.
 */
function errorAnswer(errors: (FieldErrors | null)[], rowCount: number): unknown {
  const results: FieldErrors[] = [];
  let total = 0;
  let reported = 0;
  for (let i = 0; i < rowCount; i += 1) {
    const bad = errors[i];
    if (bad) total += 1;
    if (reported < CSV_ERROR_ROWS) {
      results.push(bad ?? {});
      if (bad) reported += 1;
    }
  }
  return total > reported ? { count: total, results } : results;
}
