// What a failed call to the server means for something the terminal must deliver: try again later, or
// give this one item up. Nothing is given up while the fault may be the network's, the server's or the
// terminal's own standing — only a refusal of the item itself, by a server that otherwise takes this
// terminal's calls, drops it.
import { ApiError, type Api } from './api.ts';

export type Verdict = 'retry' | 'refused';

/**
 * - no answer (refused connection, timeout), 5xx, 408, 429: the server is down or busy → retry;
 * - 401: nobody is signed in — the key is unknown (terminal deleted, database replaced) → retry: the
 *   records stay until an operator fixes it (a restart registers again), they are not thrown away;
 * - any other 4xx: when the terminal is in good standing (its own config answers) the item is refused
 *   (another terminal's session, a session the server does not know, a recording that is not one) →
 *   refused; else (account disabled or expired, terminal not accepted) → retry.
 */
export async function verdictOf(error: unknown, api: Api): Promise<Verdict> {
  if (!(error instanceof ApiError)) return 'retry';
  const { status } = error;
  if (status >= 500 || status === 401 || status === 408 || status === 429 || status < 400) return 'retry';
  return (await inGoodStanding(api)) ? 'refused' : 'retry';
}

async function inGoodStanding(api: Api): Promise<boolean> {
  try {
    await api.get('/api/v1/terminal/terminals/config/');
    return true;
  } catch {
    return false;
  }
}
