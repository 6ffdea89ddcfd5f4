// Records a registered terminal writes in the server tests: sessions (commands, replays and closes are
// written only into a session the calling terminal opened) and commands as the terminal sends them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Terminal } from '../terminal-helpers.ts';

/** A session `term` opens in `org` ('' = DEFAULT); answers its id. */
export async function openSession(term: Terminal, org: string, fields: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  const response = await term.call('POST', '/api/v1/terminal/sessions/', { id, user: 'Demo User(user)', asset: 'bj-api-01', system_user: 'deploy', org_id: org, ...fields });
  assert.equal(response.statusCode, 201, response.body);
  return id;
}

/** A command of `session` as the terminal sends it (its id chosen when recorded). */
export const commandIn = (session: string, input: string, fields: Record<string, unknown> = {}) => ({
  id: randomUUID(), user: 'Demo User(user)', asset: 'bj-api-01', system_user: 'deploy', input, output: `out of ${input}`, session,
  risk_level: 0, org_id: '', timestamp: 1705300000, ...fields,
});
