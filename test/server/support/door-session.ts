// A user's session through one of the terminal's doors, for the hostile-line suites: open a shell on the
// world's target (SSH door, or the web terminal through the server's proxy), run lines at its prompt, end
// it, and read back the command rows the server stored for it.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { bearer, PASSWORD } from '../helpers.ts';
import { sshScreen, webScreen, type Screen } from './terminal-screen.ts';
import { eventually, type TerminalWorld } from './terminal-world.ts';

export const PROMPT = /\$ $/;
/** The deny rules of issue 30 ("Trust the door, round two"). */
export const ISSUE_RULES = [
  { type: 'command' as const, content: 'rm' },
  { type: 'command' as const, content: 'reboot' },
  { type: 'regex' as const, content: 'mkfs|dd\\s+if=' },
];
/** Any of the door's refusal texts, in English. */
export const REFUSED = /(forbidden|could not be read with certainty|cannot be checked|cannot be used while)/;

export type Door = (world: TerminalWorld, t: TestContext) => Promise<Screen>;

export const DOORS: Record<'ssh' | 'web', Door> = {
  ssh: async (world, t) => {
    const screen = await sshScreen(world.terminal.sshPort, { username: world.user.username, password: PASSWORD });
    t.after(() => screen.close());
    await screen.waitFor('Opt> ');
    screen.send('td-target\r');
    await screen.waitFor(PROMPT);
    return screen;
  },
  web: async (world, t) => {
    const asUser = await bearer(world.app, world.user.username);
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/v1/users/connection-token/',
      headers: asUser,
      payload: { asset: world.ids.target, system_user: world.ids.systemUser },
    });
    assert.equal(response.statusCode, 201, response.body);
    const headers = await world.browser(world.user.username);
    const screen = await webScreen(`${world.proxyUrl}?token=${response.json().token}&cols=120&rows=40`, headers);
    t.after(() => screen.close());
    await screen.waitFor(PROMPT);
    return screen;
  },
};

export interface CommandRow {
  input: string;
  output: string;
  risk_level: number;
}

/** The open session of the world's user (there is one at a time in these suites). */
export async function openSession(world: TerminalWorld): Promise<{ id: string }> {
  const [session] = await eventually(async () => {
    const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0');
    return answer.json.length ? answer.json : null;
  });
  return session;
}

/** Runs `line` at the shell's prompt and waits for the next prompt. */
export async function runLine(screen: Screen, line: string): Promise<string> {
  screen.mark();
  screen.send(`${line}\r`);
  return screen.waitFor(PROMPT);
}

/** Leaves the shell and waits until the server has the session closed. */
export async function endSession(world: TerminalWorld, screen: Screen, sessionId: string): Promise<void> {
  screen.send('exit\r');
  await eventually(
    async () => {
      const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=1');
      return answer.json.some((row: { id: string }) => row.id === sessionId);
    },
    10_000,
    'the session to end',
  ).catch((error: Error) => {
    throw new Error(`${error.message}; the screen:\n${screen.text().slice(-1500)}`);
  });
  screen.close();
}

/** The session's command rows in the order they were recorded, once there are at least `atLeast`. */
export async function commandsOf(world: TerminalWorld, sessionId: string, atLeast: number): Promise<CommandRow[]> {
  let rows: CommandRow[] = [];
  const stored = await eventually(
    async () => {
      const answer = await world.admin('GET', `/api/v1/terminal/commands/?session_id=${sessionId}&limit=500`);
      rows = Array.isArray(answer.json) ? answer.json : (answer.json?.results ?? []);
      return rows.length >= atLeast ? rows : null;
    },
    10_000,
    `${atLeast} commands`,
  ).catch((error: Error) => {
    throw new Error(
      `${error.message}; stored: ${JSON.stringify(rows.map((row) => [row.input, row.risk_level]).reverse(), null, 1)}`,
    );
  });
  return [...stored].reverse();
}
