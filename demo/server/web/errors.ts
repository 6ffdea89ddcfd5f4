// JSON bodies for framework-level failures, in the caller's language, in DRF's shape ({detail}).
import type { FastifyInstance } from 'fastify';
import { csvTooLarge } from '../engine/csv-body.ts';
import { detectLang, t } from '../lib/i18n.ts';

export function registerErrorHandlers(app: FastifyInstance): void {
  // An empty JSON body means "no data" (clients POST with the JSON content type and nothing else).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('parse'), { statusCode: 400, code: 'JSON_PARSE' }), undefined);
    }
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: t(langOf(request), 'request.not_found') });
  });

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const lang = langOf(request);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && String(request.headers['content-type'] ?? '').startsWith('text/csv')) {
      return reply.code(400).send(csvTooLarge);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    const detail = error.code === 'JSON_PARSE' ? t(lang, 'request.parse_error') : status === 500 ? 'Server error.' : error.message;
    reply.code(status).send({ detail });
  });
}

// The context may be missing when a failure happens before our onRequest hook ran.
function langOf(request: { ctx?: { lang: 'zh' | 'en' } | null; headers: Record<string, unknown>; cookies?: Record<string, string | undefined> }) {
  return request.ctx?.lang ?? detectLang(request.cookies?.django_language, request.headers['accept-language'] as string | undefined);
}
