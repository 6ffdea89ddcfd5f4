import type { FastifyReply } from 'fastify';

const CSRF_COOKIE_AGE = 365 * 24 * 3600; // Django's CSRF_COOKIE_AGE

/** Not HttpOnly: the console reads it and echoes it in X-CSRFToken. */
export function setCsrfCookie(reply: FastifyReply, token: string): void {
  reply.setCookie('csrftoken', token, { path: '/', sameSite: 'lax', maxAge: CSRF_COOKIE_AGE });
}
