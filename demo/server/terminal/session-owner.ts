// A user may read the sessions they ran themself — the session, its recording and its commands — so a
// portal can show its users their own replays (Teleport's default role allows the same). 2.3 let only org
// admins, auditors and terminals read sessions; everyone else still sees no other user's. Writes are not
// concerned: only the terminal that opened a session writes its records (session-binding.ts).
import type { RequestContext, UserRow } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { anyOf, IsValidUser, type PermissionCheck, IsSessionReader } from '../core/permissions.ts';
import type { Clause } from '../engine/types.ts';
import { sessionRanBy } from './session-store.ts';

export const IsSessionReaderOrOwner: PermissionCheck = anyOf(IsSessionReader, IsValidUser);

/** What keeps a caller who reads no sessions to their own (`column` names the session's user id); null for readers. */
/** Whether `sessionId` (a query's `session_id`) is a session `userId` ran. */
export function ranSession(db: DB, userId: string, sessionId: unknown): boolean {
  return typeof sessionId === 'string' && sessionRanBy(db, sessionId.toLowerCase(), userId);
}

export function ownSessionsOnly(
  db: DB,
  ctx: RequestContext & { user: UserRow },
  nowMs: number,
  column = 'user_id',
): Clause | null {
  return IsSessionReader(db, ctx, nowMs) ? null : { sql: `${column} = ?`, params: [ctx.user.id] };
}
