// What `POST /api/v1/terminal/commands/` writes. Only a terminal writes commands, and only into the
// sessions it opened, stamped within the session (its start to its end, or now while it is open:
// session-record.ts): a command's user, asset, system user and org are its session's (the body's are not
// trusted for them: the session's were set from the door's sign-in), and
// a command id the terminal chose makes a resent batch harmless (the terminal retries until it gets an
// answer, so a lost answer must not turn into duplicate rows). The batch is all-or-nothing, as 2.3's
// serializer: one invalid item refuses the batch, and the terminal resends item by item to find it.
import { coerceField } from '../engine/fields.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { UUID_PATTERN, uuid } from '../core/lib/ids.ts';
import { commandsResource } from './resources/commands.ts';
import { insertCommands as insertCommandRows, sessionOfCommand } from './command-store.ts';
import { commandSessionFields } from './session-store.ts';
import { insideSession } from './session-record.ts';

type Problems = Record<string, string[]>;

const OUTSIDE = {
  en: 'The timestamp is not within the session (from its start to its end, or now).',
  zh: '命令时间不在会话的开始和结束之间',
};

/** Checks every item; `rows` are the commands to insert (a repeat of a stored or earlier id is left out). */
export function checkCommands(
  args: HookArgs,
  terminalId: string,
  items: unknown[],
): { rows: Row[]; errors: Problems[] } {
  const seen = new Map<string, string>();
  const rows: Row[] = [];
  const errors = items.map((item): Problems => {
    const { row, problems } = checkFields(args, item);
    const session = typeof row.session === 'string' ? row.session.toLowerCase() : '';
    if (!problems.session) {
      const owner = UUID_PATTERN.test(session) ? commandSessionFields(args.db, session) : undefined;
      // Another terminal's session answers as an unknown one: a terminal learns nothing of the others.
      if (!owner || owner.terminal !== terminalId)
        problems.session = [t(args.ctx.lang, 'field.invalid_pk', { value: String(row.session) })];
      else {
        Object.assign(row, {
          session,
          org_id: owner.org_id,
          user: owner.user.slice(0, 64),
          asset: owner.asset,
          system_user: owner.system_user.slice(0, 64),
        });
        if (!problems.timestamp && !insideSession(owner, Number(row.timestamp), args.now))
          problems.timestamp = [OUTSIDE[args.ctx.lang]];
      }
    }
    if (Object.keys(problems).length) return problems;
    const id = String(row.id);
    const earlier = seen.get(id) ?? sessionOfCommand(args.db, id);
    if (earlier === undefined) {
      seen.set(id, session);
      rows.push(row);
    } else if (earlier !== session) problems.id = [t(args.ctx.lang, 'field.unique')];
    return problems;
  });
  return { rows, errors };
}

/** Inserts checked rows in one transaction and marks their sessions as having commands. */
export function insertCommands(args: HookArgs, rows: Row[]): void {
  insertCommandRows(args.db, rows);
}

/** One item's fields, coerced as 2.3's serializer does; `id` is the terminal's (a UUID) or a new one. */
function checkFields(args: HookArgs, item: unknown): { row: Row; problems: Problems } {
  const problems: Problems = {};
  const row: Row = {};
  if (!item || typeof item !== 'object' || Array.isArray(item))
    return { row, problems: { non_field_errors: ['Invalid data. Expected a dictionary.'] } };
  const body = item as Row;
  if (body.id === undefined || body.id === null || body.id === '') row.id = uuid();
  else if (typeof body.id === 'string' && UUID_PATTERN.test(body.id)) row.id = body.id.toLowerCase();
  else problems.id = [t(args.ctx.lang, 'field.invalid_uuid')];
  for (const [name, field] of Object.entries(commandsResource.fields)) {
    if (field.read_only) continue;
    if (body[name] === undefined) {
      if (field.required) problems[name] = ['This field is required.'];
      else row[name] = field.default;
      continue;
    }
    // Terminals send float timestamps (time.time()); 2.3 keeps the integer part. A command line or its
    // output may carry control characters (escape sequences): they are made visible instead of refusing
    // the whole batch, which would lose every other command in it.
    const value =
      name === 'timestamp' && typeof body[name] === 'number'
        ? Math.floor(body[name] as number)
        : (name === 'input' || name === 'output') && typeof body[name] === 'string'
          ? visible(body[name] as string, name === 'output')
          : body[name];
    const result = coerceField(field, value, args.ctx.lang);
    if (result.ok) row[name] = result.value ?? '';
    else problems[name] = [result.error];
  }
  return { row, problems };
}

/** Control characters (and bidi overrides) as U+FFFD; line breaks and tabs kept in output. */
function visible(text: string, multiline: boolean): string {
  const controls = multiline
    ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
    : /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
  return text.replace(controls, '\ufffd');
}
