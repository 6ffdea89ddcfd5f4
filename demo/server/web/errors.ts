// JSON bodies for framework-level failures, in the caller's language, in DRF's shape ({detail}):
// the JSON body parser (with a nesting limit), 404 / 405 / Django's trailing-slash 301, NUL bytes in
// query strings, BadRequest thrown from the engine, and 5xx — logged to stderr with a request id the
// answer carries too, so a report from a user can be found in the log.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csvTooLarge } from '../engine/csv-body.ts';
import { BadRequest } from '../core/lib/bad-request.ts';
import { detectLang, t, type Lang } from '../core/lib/i18n.ts';
import { noteStorageFault } from '../core/lib/storage-fault.ts';
import { answerOptions } from '../engine/route-options.ts';
import { methodsFor, recordRoutes } from './route-table.ts';

/** Deeper JSON is refused before parsing: no API body nests more than a few levels. */
export const MAX_JSON_DEPTH = 32;

export function registerErrorHandlers(app: FastifyInstance): void {
  recordRoutes(app);
  // An empty JSON body means "no data" (clients POST with the JSON content type and nothing else).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    if (jsonDepth(text) > MAX_JSON_DEPTH)
      return done(Object.assign(new Error('depth'), { statusCode: 400, code: 'JSON_DEPTH' }), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('parse'), { statusCode: 400, code: 'JSON_PARSE' }), undefined);
    }
  });

  // Django refuses NUL in form and filter values; no query parameter of ours can use one.
  app.addHook('preValidation', async (request, reply) => {
    const bad = Object.entries((request.query ?? {}) as Record<string, unknown>).find(([, value]) =>
      String(value).includes('\u0000'),
    );
    if (bad) return reply.code(400).send({ [bad[0]]: [t(langOf(request), 'field.null_characters')] });
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = langOf(request);
    const [path, query] = splitUrl(request.url);
    const allowed = methodsFor(app, path);
    // 2.3 answers OPTIONS on every view: routes without an OPTIONS of their own get the generic one.
    if (allowed.length && request.method === 'OPTIONS' && path.startsWith('/api/'))
      return answerOptions(app, request, reply, path, allowed);
    if (allowed.length) {
      return reply
        .code(405)
        .header('Allow', allowed.join(', '))
        .send({ detail: t(lang, 'request.method_not_allowed', { method: request.method }) });
    }
    if (path.startsWith('/api/') && !path.endsWith('/') && methodsFor(app, `${path}/`).length) {
      return reply.redirect(`${path}/${query === undefined ? '' : `?${query}`}`, 301);
    }
    reply.code(404).send({ detail: t(lang, 'request.not_found') });
  });

  app.setErrorHandler(
    (error: { statusCode?: number; code?: string; message: string; stack?: string }, request, reply) => {
      const lang = langOf(request);
      if (error instanceof BadRequest) return reply.code(400).send(error.body(lang));
      if (
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' &&
        String(request.headers['content-type'] ?? '').startsWith('text/csv')
      ) {
        return reply.code(400).send(csvTooLarge);
      }
      const fault = noteStorageFault(error);
      if (fault) {
        // Nothing was saved, and it is the server's storage, not the request: 503, said as such, and logged.
        const requestId = logServerError(request, reply, `storage: ${error.code} ${error.message}`);
        return reply
          .code(503)
          .header('Retry-After', '30')
          .send({ detail: t(lang, `server.storage_${fault}`), request_id: requestId });
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) {
        const requestId = logServerError(request, reply, error.stack ?? error.message);
        return reply.code(500).send({ detail: t(lang, 'request.server_error'), request_id: requestId });
      }
      const detail =
        error.code === 'JSON_PARSE'
          ? t(lang, 'request.parse_error')
          : error.code === 'JSON_DEPTH'
            ? t(lang, 'request.too_deep', { max: MAX_JSON_DEPTH })
            : error.message;
      reply.code(status).send({ detail });
    },
  );

  // A 5xx a handler answers on purpose (e.g. /ui/ without a build) is logged and tagged the same way.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 500 && !reply.hasHeader('x-request-id'))
      logServerError(request, reply, `status ${reply.statusCode}`);
  });
}

/** One stderr line per 5xx (method, path without the query, request id); sets `X-Request-Id`. */
function logServerError(request: FastifyRequest, reply: FastifyReply, what: string): string {
  const requestId = randomUUID();
  reply.header('X-Request-Id', requestId);
  console.error(
    `[server error] ${new Date().toISOString()} ${request.method} ${splitUrl(request.url)[0]} request_id=${requestId}\n${what}`,
  );
  return requestId;
}

function splitUrl(url: string): [string, string | undefined] {
  const at = url.indexOf('?');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
}

/** The deepest nesting of arrays/objects in JSON text (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i += 1; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) deepest = Math.max(deepest, ++depth);
    else if (ch === 125 || ch === 93) depth -= 1;
  }
  return deepest;
}

// The context may be missing when a failure happens before our onRequest hook ran.
function langOf(request: {
  ctx?: { lang: Lang } | null;
  headers: Record<string, unknown>;
  cookies?: Record<string, string | undefined>;
}): Lang {
  return (
    request.ctx?.lang ??
    detectLang(request.cookies?.django_language, request.headers['accept-language'] as string | undefined)
  );
}
