// A session's record is append-only: what it says when it opens (session-binding.ts) is never rewritten,
// and once finished nothing of it changes. The one change a terminal makes is the finish 2.3's terminals
// send — `{is_finished: true, date_end, has_command[, has_replay]}` — and sent again (a retry after a lost
// answer: the terminal's journal keeps the body it first sent) it is accepted as already done; anything
// that differs is refused. Commands are taken only with a timestamp inside their session. The rules of
// "what may change" and "when is inside" live here; the resource and the command writer ask them.
import type { FieldErrors } from '../engine/validate.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { isoAt } from '../core/lib/time.ts';

/** How far a terminal's clock may be from the server's (a session's start, a command's time, an end). */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** Set once, when the session opens. */
const SET_ONCE = [
  'user',
  'user_id',
  'asset',
  'asset_id',
  'system_user',
  'system_user_id',
  'org_id',
  'remote_addr',
  'date_start',
  'login_from',
  'protocol',
  'is_success',
];

const TEXT = {
  setOnce: { en: 'Recorded when the session opened: it cannot be changed.', zh: '会话开始时已记录，不能修改' },
  finished: { en: 'The session is finished: its record cannot change.', zh: '会话已结束，记录不能修改' },
  staysFinished: { en: 'A finished session stays finished.', zh: '已结束的会话不能重新打开' },
  endWithFinish: {
    en: 'date_end is recorded when the session finishes (with is_finished: true).',
    zh: '结束时间只在会话结束时记录（is_finished: true）',
  },
  endRange: {
    en: 'date_end must be after the session started and not later than now.',
    zh: '结束时间必须在会话开始之后且不晚于现在',
  },
  replayFlag: {
    en: "Set by the recording's upload (sessions/<id>/replay/).",
    zh: '由录像上传设置（sessions/<id>/replay/）',
  },
  commandFlag: { en: 'The session has commands: this cannot be taken back.', zh: '已记录有命令，不能撤回' },
};

const ms = (value: unknown): number =>
  value === null || value === undefined || value === '' ? NaN : Date.parse(String(value));
const flag = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

function same(name: string, sent: unknown, stored: unknown): boolean {
  if (name === 'date_start' || name === 'date_end') return ms(sent) === ms(stored);
  if (name === 'is_success') return flag(sent) === flag(stored);
  return String(sent ?? '') === String(stored ?? '');
}

/**
 * Errors for a change of the stored session `existing`; `data` (the coerced body) is left holding only
 * what really changes: nothing for a finished session (an identical retry), else the finish.
 */
export function sessionChangeErrors(args: HookArgs, data: Row, existing: Row): FieldErrors | null {
  const lang = args.ctx.lang;
  const errors: FieldErrors = {};
  const refuse = (name: string, key: keyof typeof TEXT) => {
    errors[name] = [TEXT[key][lang]];
  };
  delete data.id;
  // The engine drops org_id from a body (read-only on every org resource): asked of the body itself.
  const body =
    args.request.body && typeof args.request.body === 'object' && !Array.isArray(args.request.body)
      ? (args.request.body as Row)
      : {};
  if ('org_id' in body) data.org_id = body.org_id === 'DEFAULT' ? '' : body.org_id;
  for (const name of SET_ONCE) {
    if (name in data && !same(name, data[name], existing[name])) refuse(name, 'setOnce');
    delete data[name];
  }
  const finished = flag(existing.is_finished);
  const finishing = !finished && data.is_finished === true;
  if ('is_finished' in data && !data.is_finished && finished) refuse('is_finished', 'staysFinished');
  if (!finishing) delete data.is_finished;

  if ('date_end' in data && data.date_end !== null) {
    if (finished) {
      if (!same('date_end', data.date_end, existing.date_end)) refuse('date_end', 'finished');
    } else if (!finishing) refuse('date_end', 'endWithFinish');
    else if (ms(data.date_end) < ms(existing.date_start) || ms(data.date_end) > args.now + CLOCK_SKEW_MS)
      refuse('date_end', 'endRange');
  } else if ('date_end' in data && finished && existing.date_end) refuse('date_end', 'finished');
  if (finishing && !data.date_end) data.date_end = isoAt(Math.max(args.now, ms(existing.date_start)));
  if (!finishing) delete data.date_end;

  // The upload sets has_replay (replay-routes.ts); the body may only say what is already so.
  if ('has_replay' in data && flag(data.has_replay) !== flag(existing.has_replay)) refuse('has_replay', 'replayFlag');
  delete data.has_replay;
  if ('has_command' in data) {
    const sent = flag(data.has_command);
    const stored = flag(existing.has_command);
    if (sent !== stored && (finished || !sent)) refuse('has_command', finished ? 'finished' : 'commandFlag');
    if (sent === stored || finished || !sent) delete data.has_command;
  }
  return Object.keys(errors).length ? errors : null;
}

/** Whether a command stamped `timestamp` (epoch seconds) falls inside the session: its start to its end, or now while open. */
export function insideSession(
  session: { date_start: unknown; date_end: unknown; is_finished: unknown },
  timestamp: number,
  nowMs: number,
): boolean {
  const start = Math.floor(ms(session.date_start) / 1000);
  const end =
    flag(session.is_finished) && !Number.isNaN(ms(session.date_end))
      ? Math.ceil(ms(session.date_end) / 1000)
      : Math.floor((nowMs + CLOCK_SKEW_MS) / 1000);
  return timestamp >= start && timestamp <= end;
}
