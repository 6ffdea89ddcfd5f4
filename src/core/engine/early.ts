// Answers asked for before the page that needs them has rendered. The console knows the first
// page's calls as soon as the guard has settled the session, but the page sends them only once the
// shell and the page have rendered (a few hundred ms of script on a cold load): starting them first
// lets the server work while the browser renders. The page then takes the answer already under way.
// Early calls are quiet (http.ts `quiet`): when one fails the page sends its own, which reports the
// failure as it always did, so an early call never changes what the user sees.

import { requestOrgId } from '../stores/org.ts';

/** An answer not taken by then is dropped: whoever asks later gets fresh data. */
export const EARLY_ANSWER_MS = 10_000;

interface Early {
  at: number;
  answer: Promise<unknown>;
  /** Set once the answer has arrived, so a page can draw it in its first render (`takeArrived`). */
  arrived?: { value: unknown };
}

const early = new Map<string, Early>();

// The org is part of the call (X-JMS-ORG): an answer asked in another org is not the one wanted.
const keyOf = (method: string, url: string, params: Record<string, unknown>): string =>
  `${method} ${url} ${JSON.stringify(params)} ${requestOrgId() ?? ''}`;

/** Sends the call now (`send` must be quiet), for `take()` with the same method, url and params to pick up once. */
export function sendEarly(
  method: string,
  url: string,
  params: Record<string, unknown>,
  send: () => Promise<unknown>,
): void {
  const key = keyOf(method, url, params);
  if (fresh(early.get(key))) return;
  const answer = send();
  const entry: Early = { at: Date.now(), answer };
  // Nobody may take it: its failure must not be an unhandled rejection.
  answer.then(
    (value) => {
      entry.arrived = { value };
    },
    () => undefined,
  );
  early.set(key, entry);
}

/**
 * The early answer of this call when it has already arrived (taken: a later `take` sends anew),
 * else undefined and the call stays for `take`. On the standalone page the answers usually arrive
 * while the console's code runs, so the page draws its rows in its first render instead of a second.
 */
export function takeArrived<T>(method: string, url: string, params: Record<string, unknown>): { value: T } | undefined {
  const key = keyOf(method, url, params);
  const found = early.get(key);
  if (!fresh(found) || !found.arrived) return undefined;
  early.delete(key);
  return found.arrived as { value: T };
}

/**
 * Resolves once every early call under way has answered (or failed), or after `capMs`, whichever comes
 * first: the standalone page waits this long before its first render so that the shell and the page's
 * rows are drawn, laid out and styled once instead of twice (src/core/README.md "First load").
 */
export function earlyAnswersSettled(capMs: number): Promise<void> {
  const pending = [...early.values()]
    .filter((entry) => fresh(entry) && !entry.arrived)
    .map((entry) => entry.answer.catch(() => undefined));
  if (pending.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, capMs);
    void Promise.all(pending).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The early answer of this very call when one is under way or arrived recently (`send()` when it failed), else `send()`. */
export function take<T>(
  method: string,
  url: string,
  params: Record<string, unknown>,
  send: () => Promise<T>,
): Promise<T> {
  const key = keyOf(method, url, params);
  const found = early.get(key);
  early.delete(key);
  return fresh(found) ? (found.answer as Promise<T>).catch(() => send()) : send();
}

function fresh(entry: Early | undefined): entry is Early {
  return entry !== undefined && Date.now() - entry.at < EARLY_ANSWER_MS;
}

/** Tests: forget every early answer. */
export function clearEarly(): void {
  early.clear();
}
