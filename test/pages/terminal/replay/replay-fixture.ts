// A recorded session made the way a terminal makes it: registered with the run's bootstrap token, it
// opens the session, posts its commands, uploads the asciicast and closes it, with signed calls that
// leave from the test runner (scripts/wtr/terminal-fixture.mjs; a page cannot sign the Date header).
import { executeServerCommand } from '@web/test-runner-commands';

interface Answer<T = unknown> {
  status: number;
  data: T;
}
export interface RecordedSession {
  id: string;
  commands: { id: string; input: string; offset: number }[];
  duration: number;
}

const SESSIONS = '/api/v1/terminal/sessions/';

async function call<T>(
  terminal: string,
  method: string,
  path: string,
  body?: unknown,
  file?: { name: string; content: string },
  expected = [200, 201],
): Promise<T> {
  const answer = await executeServerCommand<Answer<T>, unknown>('terminal-call', {
    terminal,
    method,
    path,
    body,
    file,
  });
  if (!answer || !expected.includes(answer.status))
    throw new Error(`${method} ${path}: ${answer?.status} ${JSON.stringify(answer?.data)}`);
  return answer.data;
}

let terminal: string | undefined;

async function ensureTerminal(): Promise<string> {
  if (terminal) return terminal;
  const name = `replay${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const answer = await executeServerCommand<Answer, unknown>('terminal-register', { name, comment: 'replay test' });
  if (!answer || answer.status !== 201) throw new Error(`register: ${answer?.status} ${JSON.stringify(answer?.data)}`);
  terminal = name;
  return name;
}

/** The marker line command `n`'s output starts with. */
export const marker = (n: number) => `OUTPUT-OF-COMMAND-${n}`;
/** The filler line printed at `tenth` tenths of a second. */
export const filler = (tenth: number) => `tick-${String(tenth).padStart(4, '0')}`;

/** More for the recording: fields of its header (`idle_time_limit`), and its own markers ("m" events). */
export interface CastExtras {
  header?: Record<string, unknown>;
  markers?: [number, string][];
}

/**
 * A session of `duration` seconds: commands at `at` seconds (their prompt, input and marker line
 * printed then), and a filler line every half second in between, so the screen scrolls.
 */
export async function recordSession(
  at: number[] = [2, 30, 60],
  duration = 70,
  extras: CastExtras = {},
): Promise<RecordedSession> {
  const name = await ensureTerminal();
  // Opened as the door opens one: the demo user signed in by this terminal, on an asset granted to them.
  const opened = await executeServerCommand<
    Answer<{ id: string; date_start: string; user: string; asset: string; system_user: string }>,
    unknown
  >('terminal-open-session', { terminal: name, startedSecondsAgo: duration + 5 });
  if (!opened || opened.status !== 201)
    throw new Error(`open session: ${opened?.status} ${JSON.stringify(opened?.data)}`);
  const { id } = opened.data;
  const startSeconds = Math.floor(Date.parse(opened.data.date_start) / 1000);
  const names = { user: opened.data.user, asset: opened.data.asset, system_user: opened.data.system_user };
  const inputs = at.map((_, n) => `cat /var/log/step-${n + 1}.log`);
  await call(
    name,
    'POST',
    '/api/v1/terminal/commands/',
    at.map((second, n) => ({
      ...names,
      input: inputs[n],
      output: marker(n + 1),
      session: id,
      risk_level: n === 1 ? 5 : 0,
      org_id: '',
      timestamp: startSeconds + second,
    })),
  );
  const events: [number, string][] = [];
  for (let tenth = 5; tenth < duration * 10; tenth += 5) {
    const second = tenth / 10;
    const n = at.indexOf(second);
    if (n >= 0) events.push([second, `$ ${inputs[n]}\r\n${marker(n + 1)}\r\n`]);
    else events.push([second, `${filler(tenth)}\r\n`]);
  }
  const header = { version: 2, width: 80, height: 24, timestamp: startSeconds, ...extras.header };
  const lines: [number, string, string][] = [
    ...events.map(([t, text]): [number, string, string] => [t, 'o', text]),
    ...(extras.markers ?? []).map(([t, label]): [number, string, string] => [t, 'm', label]),
  ].sort((a, b) => a[0] - b[0]);
  const cast = [JSON.stringify(header), ...lines.map((line) => JSON.stringify(line))].join('\n') + '\n';
  await call(name, 'POST', `${SESSIONS}${id}/replay/`, undefined, { name: `${id}.cast`, content: cast });
  await call(name, 'PATCH', `${SESSIONS}${id}/`, {
    is_finished: true,
    date_end: new Date((startSeconds + duration) * 1000).toISOString(),
    has_replay: true,
    has_command: true,
  });
  const listed = (await fetch(`/api/v1/terminal/commands/?session_id=${id}`, { credentials: 'same-origin' }).then((r) =>
    r.json(),
  )) as
    | { id: string; input: string; timestamp: number }[]
    | { results: { id: string; input: string; timestamp: number }[] };
  const rows = Array.isArray(listed) ? listed : listed.results;
  const commands = rows
    .map((row) => ({ id: row.id, input: row.input, offset: row.timestamp - startSeconds }))
    .sort((a, b) => a.offset - b.offset);
  return { id, commands, duration };
}
