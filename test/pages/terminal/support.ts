// Test data for the Sessions pages, made the way a terminal makes it: a terminal registered with the
// run's bootstrap token files sessions and commands with signed calls (scripts/wtr/terminal-fixture.mjs;
// a page cannot sign, the signature covers the Date header). Names are unique per run.
import { executeServerCommand } from '@web/test-runner-commands';
import { api } from '../../helpers/server.ts';

export const SESSIONS = '/api/v1/terminal/sessions/';
export const COMMANDS = '/api/v1/terminal/commands/';
export const TERMINALS = '/api/v1/terminal/terminals/';
export const TASKS = '/api/v1/terminal/tasks/';
export const REPLAY_STORAGES = '/api/v1/terminal/replay-storages/';
export const COMMAND_STORAGES = '/api/v1/terminal/command-storages/';

export interface Answer<T = unknown> {
  status: number;
  data: T;
}
export interface Session {
  id: string;
  user: string;
  asset: string;
  system_user: string;
  date_start: string;
  is_finished: boolean;
}

export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export async function registerTerminal(name: string): Promise<{ id: string; name: string }> {
  const answer = await executeServerCommand<Answer<{ id: string; name: string }>, unknown>('terminal-register', {
    name,
    comment: 'browser test',
  });
  if (!answer || answer.status !== 201)
    throw new Error(`register ${name}: ${answer?.status} ${JSON.stringify(answer?.data)}`);
  return answer.data;
}

/** A call signed as the terminal, as demo/terminal makes it. */
export async function asTerminal<T = unknown>(
  terminal: string,
  method: string,
  path: string,
  body?: unknown,
  file?: { name: string; content: string },
): Promise<Answer<T>> {
  const answer = await executeServerCommand<Answer<T>, unknown>('terminal-call', {
    terminal,
    method,
    path,
    body,
    file,
  });
  if (!answer) throw new Error('the terminal fixture did not answer');
  return answer;
}

async function must<T>(answer: Answer<T>, what: string, status = 201): Promise<T> {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

/**
 * The session a terminal opens when `username` connects through its door: signed in by that terminal, on
 * an SSH asset granted to them (the server records sessions only so); its names are the server's.
 * `startedSecondsAgo` stays within the server's 5-minute clock tolerance.
 */
export async function openSession(
  terminal: string,
  options: { username?: string; org?: string; hostname?: string; startedSecondsAgo?: number } = {},
): Promise<Session> {
  const answer = await executeServerCommand<Answer<Session>, unknown>('terminal-open-session', {
    terminal,
    startedSecondsAgo: 60,
    ...options,
  });
  if (!answer) throw new Error('the terminal fixture did not answer');
  return must(answer, 'open session');
}

export async function postCommands(
  terminal: string,
  session: Session,
  lines: { input: string; output: string; risk_level: 0 | 5; at: number }[],
): Promise<void> {
  const start = Date.parse(session.date_start);
  await must(
    await asTerminal(
      terminal,
      'POST',
      COMMANDS,
      lines.map((line) => ({
        user: session.user,
        asset: session.asset,
        system_user: session.system_user,
        input: line.input,
        output: line.output,
        session: session.id,
        risk_level: line.risk_level,
        org_id: '',
        timestamp: Math.floor(start / 1000) + line.at,
      })),
    ),
    'post commands',
  );
}

export async function closeSession(
  terminal: string,
  session: Session,
  body: Record<string, unknown> = {},
): Promise<void> {
  await must(
    await asTerminal(terminal, 'PATCH', `${SESSIONS}${session.id}/`, {
      is_finished: true,
      date_end: new Date().toISOString(),
      ...body,
    }),
    'close session',
    200,
  );
}

export async function listOf<T>(url: string): Promise<T[]> {
  const answer = await api<T[] | { results: T[] }>('GET', url);
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${JSON.stringify(answer.data)}`);
  return Array.isArray(answer.data) ? answer.data : answer.data.results;
}

/** An asciicast v2 recording of the session: header, then `[seconds, "o", text]` events at the commands' seconds. */
export function asciicast(session: Session, events: [number, string][]): string {
  const header = { version: 2, width: 80, height: 24, timestamp: Math.floor(Date.parse(session.date_start) / 1000) };
  return [JSON.stringify(header), ...events.map(([at, out]) => JSON.stringify([at, 'o', out]))].join('\n') + '\n';
}

export async function uploadReplay(terminal: string, session: Session, cast: string): Promise<void> {
  const answer = await asTerminal(terminal, 'POST', `${SESSIONS}${session.id}/replay/`, undefined, {
    name: `${session.id}.cast`,
    content: cast,
  });
  if (answer.status !== 201) throw new Error(`upload replay: ${answer.status} ${JSON.stringify(answer.data)}`);
}
