import { apiUrl, HttpError } from '../../../core/http.ts';
import { authFetch } from '../../../core/portal-auth.ts';
import { serverMessage } from '../../../core/http-error.ts';
import { t } from '../../../core/i18n/index.ts';
import { parseDateTime } from '../../../core/resource/datetime.ts';
import { $lang } from '../../../core/stores/locale.ts';
import { requestOrgId } from '../../../core/stores/org.ts';

// What the player asks the API: the session (its start anchors the commands), the replay's `src`
// (followed as given, never built here) and the session's commands.

export interface SessionInfo {
  id: string;
  user?: string;
  asset?: string;
  date_start?: string;
  date_end?: string | null;
}
export interface ReplayInfo {
  type?: string;
  src?: string;
  error?: string;
}
export interface CommandRow {
  id: string;
  input: string;
  output?: string;
  timestamp: number;
  risk_level?: number;
}
/** A command placed on the recording's clock. */
export interface PlacedCommand extends CommandRow {
  offset: number;
}

const PAGE = 500;

/**
 * The language and org every call of the player sends (the recording's too: it is read in the
 * session's org). Read once per replay: each read of document.cookie is a round trip to the browser.
 * No CSRF token: these are GETs.
 */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': $lang.get() === 'zh' ? 'zh-hans' : 'en',
  };
  const orgId = requestOrgId();
  if (orgId !== undefined) headers['X-JMS-ORG'] = orgId;
  return headers;
}

/**
 * GET of the API as http.ts asks it, less its X-TZ header and its reporting (the player shows its own
 * failure; an embedded one a sign-in link on a 401). X-TZ is the browser's zone, and a page's first
 * Intl.DateTimeFormat starts ICU: 100–400 ms of the first frame, measured; nothing asked here depends on
 * it (the session's start comes with its offset, commands carry epoch seconds).
 */
async function getJson<T>(
  path: string,
  headers: Record<string, string>,
  params: Record<string, string | number> = {},
): Promise<T> {
  const search = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
  const url = apiUrl(search ? `${path}?${search}` : path);
  let response: Response;
  try {
    response = await authFetch(url, { credentials: 'include', headers });
  } catch {
    throw new HttpError(t('http.error.network'), 0, undefined, url);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message =
      response.status === 401
        ? t('http.error.relogin')
        : (serverMessage(data) ?? t('http.error.status', { status: response.status }));
    throw new HttpError(message, response.status, data, url);
  }
  return data as T;
}

const base = (id: string) => `/api/v1/terminal/sessions/${encodeURIComponent(id)}/`;

export function loadSession(id: string, headers = apiHeaders()): Promise<SessionInfo> {
  return getJson<SessionInfo>(base(id), headers);
}

export async function loadReplay(id: string, headers = apiHeaders()): Promise<ReplayInfo> {
  const replay = await getJson<ReplayInfo>(`${base(id)}replay/`, headers);
  if (replay.error || !replay.src) throw new Error(replay.error ?? 'no replay');
  return replay;
}

/** Epoch seconds of the session's start, or null when the server sent something unreadable. */
export function sessionStart(session: SessionInfo): number | null {
  const date = parseDateTime(session.date_start);
  return date ? date.getTime() / 1000 : null;
}

/**
 * The session's length in seconds as the server recorded it (end − start), or null while it runs. Unlike
 * the recording's last event so far, it is the same on every load, however much of the file has arrived.
 */
export function sessionLength(session: SessionInfo | null): number | null {
  const start = parseDateTime(session?.date_start);
  const end = parseDateTime(session?.date_end ?? undefined);
  return start && end ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 100) / 10) : null;
}

/**
 * Every command of the session, in time order. Asked beside the session itself (not after it): with
 * `session_id` the commands API applies no default date window (demo/server/terminal/README.md).
 */
export async function loadCommands(sessionId: string, headers = apiHeaders()): Promise<CommandRow[]> {
  const rows: CommandRow[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await getJson<CommandRow[] | { count: number; results: CommandRow[] }>(
      '/api/v1/terminal/commands/',
      headers,
      { session_id: sessionId, limit: PAGE, offset },
    );
    const results = Array.isArray(page) ? page : page.results;
    rows.push(...results);
    if (Array.isArray(page) || results.length === 0 || rows.length >= page.count) break;
  }
  return rows.sort((a, b) => a.timestamp - b.timestamp);
}

export function placeCommands(commands: CommandRow[], start: number | null): PlacedCommand[] {
  const origin = start ?? commands[0]?.timestamp ?? 0;
  return commands.map((command) => ({ ...command, offset: Math.max(0, command.timestamp - origin) }));
}

/** The command playing at `position`: the last one that started at or before it. */
export function currentCommand(commands: PlacedCommand[], position: number): number {
  let low = 0;
  let high = commands.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (commands[mid].offset <= position) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

/**
 * `start` as seconds of the player's clock: a number or numeric string (seconds of the session, put on
 * that clock by `toPlayer` when pauses are cut), or a command id of this session.
 */
export function startSeconds(
  start: number | string | undefined,
  commands: PlacedCommand[],
  toPlayer = (seconds: number) => seconds,
): number {
  if (start === undefined || start === '') return 0;
  const seconds = Number(start);
  if (Number.isFinite(seconds)) return toPlayer(Math.max(0, seconds));
  return commands.find((command) => command.id === start)?.offset ?? 0;
}
