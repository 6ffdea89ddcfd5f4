// Audit records are append-only: no API call deletes a session, a command, an FTP row, a login, operate,
// password-change or batch-command log row, whoever asks. 2.3 let admins DELETE sessions (their commands
// stayed as orphans) and its bulk viewsets took list DELETEs; here each of these paths answers 405 with
// the reason, so a 2.3 client learns why. Sessions leave only with TERMINAL_SESSION_KEEP_DURATION, with
// their commands and recording (terminal/session-retention.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pick } from '../core/lib/i18n.ts';
import { commandsResource } from '../terminal/resources/commands.ts';
import { terminalSessionsResource } from '../terminal/resources/terminal-sessions.ts';
import { methodsFor } from '../web/route-table.ts';
import { AUDIT_RESOURCES } from './routes.ts';

const APPEND_ONLY = {
  en: 'Audit records are append-only and cannot be deleted: sessions leave with their commands and recording once TERMINAL_SESSION_KEEP_DURATION has passed.',
  zh: '审计记录只能追加，不能删除：会话及其命令和录像在保存期限（TERMINAL_SESSION_KEEP_DURATION）后一起删除',
};

/** The paths a 2.3 client could DELETE audit records at: every audit list, the sessions list and one session. */
export function appendOnlyPaths(): string[] {
  const lists = [...AUDIT_RESOURCES.map((def) => def.url), terminalSessionsResource.url, commandsResource.url];
  return [...lists, `${terminalSessionsResource.url}:id/`, `${commandsResource.url}:id/`];
}

function refuse(app: FastifyInstance) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    const allowed = methodsFor(app, path).filter((method) => method !== 'DELETE');
    return reply
      .code(405)
      .header('Allow', allowed.join(', '))
      .send({ detail: pick(request.ctx.lang, APPEND_ONLY) });
  };
}

/** After the routes of these paths (their other methods make the Allow header). */
export function registerAppendOnly(app: FastifyInstance): void {
  for (const path of appendOnlyPaths()) app.delete(path, refuse(app));
}
