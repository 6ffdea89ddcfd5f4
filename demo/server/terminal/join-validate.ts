// POST /api/v1/terminal/sessions/join/validate/ {user_id, session_id} (IsAppUser, §2.6): may this user watch
// (join) that live session? Yes when the session is unfinished on a joinable protocol and the user
// administers or audits the session's org. 2.3 answers a refusal with 401; here it is 403 {ok: false, msg}
// (401 would tell the terminal its own key failed).
import type { FastifyInstance } from 'fastify';
import { authorize, IsAppUser } from '../core/permissions.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { orgFromValue } from '../core/orgs/current-org.ts';
import { canAdmin, canAudit } from '../core/orgs/membership-store.ts';
import { activePersonById } from '../users/user-store.ts';
import { joinableFields } from './session-store.ts';

const JOINABLE = new Set(['ssh', 'telnet', 'mysql', 'k8s']);

export function registerJoinValidateRoute(app: FastifyInstance): void {
  app.post('/api/v1/terminal/sessions/join/validate/', (request, reply) => {
    if (!authorize(request, reply, IsAppUser)) return reply;
    const { db } = app.bastion;
    const body = (
      request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}
    ) as Record<string, unknown>;
    const refuse = (msg: string) => reply.code(403).send({ ok: false, msg });
    const userId = typeof body.user_id === 'string' ? body.user_id.toLowerCase() : '';
    const sessionId = typeof body.session_id === 'string' ? body.session_id.toLowerCase() : '';
    if (!UUID_PATTERN.test(userId) || !UUID_PATTERN.test(sessionId))
      return reply.code(400).send({ ok: false, msg: 'user_id and session_id must be UUIDs' });
    const session = joinableFields(db, sessionId);
    if (!session) return refuse(`Session does not exist: ${sessionId}`);
    if (session.is_finished || !JOINABLE.has(session.protocol))
      return refuse('Session is finished or the protocol not supported');
    const user = activePersonById(db, userId);
    if (!user) return refuse(`User does not exist: ${userId}`);
    const org = orgFromValue(db, session.org_id);
    if (!canAdmin(db, user, org) && !canAudit(db, user, org)) return refuse('User does not have permission');
    return { ok: true, msg: '' };
  });
}
