// The SSH door's sign-in round trip to the server (`authentication/tokens/` on the user's behalf, then
// `mfa/challenge/` for a user with MFA), and what its answer means at the door. Only the server's
// refusal of these credentials is a wrong password: a server that is busy (429), fails (5xx) or does not
// answer has not judged them, and the door says so to the user instead of "Permission denied" (the sign-in
// still fails: nobody passes the door unchecked). Busy answers are tried again for a bounded time.
import { ApiError } from '../delivery/api.ts';
import type { TerminalUser } from '../session/grants.ts';
import type { Services } from '../services.ts';
import type { TextKey } from '../texts/texts.ts';

interface TokenAnswer {
  user?: { id: string; username: string; name: string };
  error?: string;
}

/** A sign-in the server held back for MFA: its login-flow cookie and what the door sent. */
export interface PendingMfa {
  cookies: Map<string, string>;
  body: Record<string, string>;
}

/** Why the server could not judge the sign-in: what the door tells the user. */
export type Unjudged = Extract<
  TextKey,
  'door.server_busy' | 'door.server_failed' | 'door.server_silent' | 'door.server_cannot_save'
>;

export type SignIn =
  | { user: TerminalUser }
  | { mfa: PendingMfa }
  /** Refused with something to tell the user (login confirmation), shown before the refusal. */
  | { notice: string }
  | { unjudged: Unjudged }
  /** The server refused these credentials. */
  | null;

/** One sign-in call: a server slowed by a storm of sign-ins still answers within this. */
const CALL_TIMEOUT_MS = 30_000;
/** How long a busy server is asked again, all tries together. */
const BUSY_WINDOW_MS = 30_000;
const BUSY_PAUSE_MS = 1000;
const BUSY_PAUSE_MAX_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `call` until it is answered, or busy answers have lasted BUSY_WINDOW_MS. */
async function judged<T>(
  services: Services,
  what: string,
  call: () => Promise<T>,
): Promise<{ answer: T } | { error: unknown } | { unjudged: Unjudged }> {
  const deadline = Date.now() + BUSY_WINDOW_MS;
  for (;;) {
    try {
      return { answer: await call() };
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        // The server's own wait when it gives one, within reason; spread so a crowd does not return at once.
        const pause =
          Math.min(BUSY_PAUSE_MAX_MS, (error.retryAfter ?? 0) * 1000 || BUSY_PAUSE_MS) * (0.5 + Math.random());
        if (Date.now() + pause < deadline) {
          await sleep(pause);
          continue;
        }
        services.log(`${what}: the server stayed busy for ${BUSY_WINDOW_MS / 1000} s`);
        return { unjudged: 'door.server_busy' };
      }
      if (error instanceof ApiError && error.status < 500) return { error };
      services.log(`${what} failed: ${(error as Error).message}`);
      // 503 is the server's own "my storage refuses writes" (a full disk: its web/errors.ts), said as such.
      if (error instanceof ApiError)
        return { unjudged: error.status === 503 ? 'door.server_cannot_save' : 'door.server_failed' };
      return { unjudged: 'door.server_silent' };
    }
  }
}

export async function signIn(
  services: Services,
  body: Record<string, string>,
  cookies = new Map<string, string>(),
): Promise<SignIn> {
  const result = await judged(services, 'sign-in check', () =>
    services.api.request<TokenAnswer>('/api/v1/authentication/tokens/', {
      method: 'POST',
      body: { ...body, login_type: 'T' },
      cookies,
      timeoutMs: CALL_TIMEOUT_MS,
    }),
  );
  if ('unjudged' in result) return result;
  if ('error' in result) {
    // A user whose sign-ins wait for a reviewer cannot wait here: the server's message says where to go.
    const refusal = (result.error as ApiError).body as { error?: string; msg?: string } | null;
    if (refusal?.error === 'login_confirm_required' && typeof refusal.msg === 'string') return { notice: refusal.msg };
    return null;
  }
  const { answer } = result;
  if (answer.error === 'mfa_required') return { mfa: { cookies, body } };
  return answer.user?.id
    ? { user: { id: answer.user.id, username: answer.user.username, name: answer.user.name || answer.user.username } }
    : null;
}

/** The code typed at the door answers the server's MFA challenge (2.3's koko); then the sign-in goes through. */
export async function answerMfa(services: Services, pending: PendingMfa, code: string): Promise<SignIn> {
  const result = await judged(services, 'MFA check', () =>
    services.api.request('/api/v1/authentication/mfa/challenge/', {
      method: 'POST',
      body: { code: code.trim() },
      cookies: pending.cookies,
      timeoutMs: CALL_TIMEOUT_MS,
    }),
  );
  if ('unjudged' in result) return result;
  if ('error' in result) return null;
  const again = await signIn(services, pending.body, pending.cookies);
  return again && ('user' in again || 'unjudged' in again) ? again : null;
}
