// Who may use the browser-only endpoints of this origin (the web terminal's socket, the task log socket,
// the file manager's requests): a signed-in browser session of a valid user, and for anything a page
// of another site could send on the user's cookie (a WebSocket handshake, a write), an Origin that is
// this server's own. Sockets and writes carry no CSRF token, so the Origin is the only proof.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isValidUser, sendUnauthenticated } from '../permissions.ts';
import { pick, type Localized } from '../lib/i18n.ts';

/** The refusal a socket from another site gets (a plain request's words are the caller's own). */
export const SOCKET_CROSS_SITE = {
  en: 'Connection refused: the request came from another site.',
  zh: '拒绝连接：该请求来自其他站点。',
};

/** The Origin's host equals the Host the browser asked: the page that opens the socket is one of ours. */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

const header = (request: FastifyRequest, name: string) => [request.headers[name]].flat()[0];

/** The caller's address as the terminal records it (`remote_addr`), without IPv4-mapped IPv6 dress. */
export const peerAddress = (request: FastifyRequest) => request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/** A valid user's signed-in browser session (not a token, not an access key). */
export function signedInBrowser(request: FastifyRequest): boolean {
  const { ctx } = request;
  return !!ctx.user && ctx.via === 'session' && isValidUser(ctx.user, request.server.bastion.now());
}

/**
 * 401 without a valid signed-in browser session; 403 with `crossSite` when `originRequired` (a socket
 * upgrade, a write) and the Origin is not this server's; null lets the request through.
 */
export function browserRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  originRequired: boolean,
  crossSite: Localized = SOCKET_CROSS_SITE,
): FastifyReply | null {
  if (!signedInBrowser(request)) return sendUnauthenticated(request, reply);
  if (originRequired && !sameOrigin(header(request, 'origin'), header(request, 'host'))) {
    return reply.code(403).send({ detail: pick(request.ctx.lang, crossSite) });
  }
  return null;
}
