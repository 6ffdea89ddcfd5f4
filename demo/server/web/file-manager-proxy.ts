// The web file manager: its page at `/koko/elfinder/sftp/` (the menu's WebFTP / File manager link, where
// 2.3's koko served elFinder) with the <bastion-file-manager> element, and `/koko/files/…`, its file
// requests, passed to the terminal component's HTTP port as the web terminal's socket is. The browser's
// request ends here, so the server decides who may send one: a signed-in browser session of a valid user
// (a write also carries the CSRF token, checked for every session call, and comes from a page of this
// origin). The request to the terminal carries the user (id, username, name), the browser's address, the
// method and the path, signed with the terminals' shared key (shared/proxy-signature.ts signRequest).
// Bodies and answers are piped both ways: an upload or a download of any size is never held here.
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_PATH } from '../core/auth/paths.ts';
import { singleValues } from '../engine/query-params.ts';
import { pageLang, pick } from '../core/lib/i18n.ts';
import { terminalProxySecret } from '../terminal/proxy-secret.ts';
import { signRequest } from '../../shared/proxy-signature.ts';
import { rememberVouch } from '../terminal/door-sign-ins.ts';
import { fileDoors, type WebDoor } from '../terminal/web-doors.ts';
import { preloadLinks, renderElementPage } from './embed-route.ts';
import { browserRefusal, peerAddress, signedInBrowser } from '../core/auth/browser-origin.ts';
import { terminalHttpHost, terminalHttpPort } from './terminal-socket-proxy.ts';

export const FILE_MANAGER_PATH = '/koko/elfinder/sftp/';
export const FILES_PREFIX = '/koko/files/';
const PAGE_FILE = new URL('../../file-manager.html', import.meta.url);
const ELEMENT_ENTRY = 'bastion-file-manager.js';
const TAG = 'bastion-file-manager';

const TEXT = {
  crossSite: { en: 'Request refused: it came from another site.', zh: '拒绝请求：该请求来自其他站点。' },
  unreachable: {
    en: 'The terminal service cannot be reached; please try again later.',
    zh: '无法连接终端服务，请稍后再试。',
  },
};

/** Signed in, and a write (anything but GET) from a page of this origin. */
const refusal = (request: FastifyRequest, reply: FastifyReply) =>
  browserRefusal(request, reply, request.method !== 'GET', TEXT.crossSite);

function forward(request: FastifyRequest, reply: FastifyReply, doors: WebDoor[]): void {
  const user = request.ctx.user!;
  const path = request.url;
  // The terminal will write FTP rows naming this user: the server remembers it vouched for them (door-sign-ins.ts).
  const { db, now, loginAgeMs } = request.server.bastion;
  rememberVouch(db, user.id, peerAddress(request), now(), now() + loginAgeMs);
  const signed = signRequest(
    terminalProxySecret(request.server.bastion.db),
    {
      user: user.id,
      username: user.username,
      name: user.name || user.username,
      forwardedFor: peerAddress(request),
    },
    request.method,
    path,
    Date.now(),
  );
  const headers: Record<string, string> = {
    ...signed,
    'accept-language': request.ctx.lang === 'en' ? 'en' : 'zh-hans',
  };
  const length = request.headers['content-length'];
  if (typeof length === 'string') headers['content-length'] = length;
  reply.hijack();
  const out = reply.raw;
  const body = request.body as NodeJS.ReadableStream | undefined;
  const hasBody = !!body && typeof body.pipe === 'function';
  const send = (index: number) => {
    const terminal = doors[index];
    if (!terminal) {
      out
        .writeHead(502, { 'content-type': 'application/json' })
        .end(JSON.stringify({ detail: pick(request.ctx.lang, TEXT.unreachable) }));
      return;
    }
    const upstream = httpRequest(
      { host: terminal.host, port: terminal.port, method: request.method, path, headers },
      (answer) => {
        const pass: Record<string, string> = {};
        for (const name of ['content-type', 'content-length', 'content-disposition', 'cache-control']) {
          const value = answer.headers[name];
          if (typeof value === 'string') pass[name] = value;
        }
        out.writeHead(answer.statusCode ?? 502, pass);
        answer.pipe(out);
        answer.on('error', () => out.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // A terminal that is not there (down since its last heartbeat): the next one, when nothing of an
      // upload has been taken from the browser yet.
      if (!out.headersSent && !hasBody && error.code === 'ECONNREFUSED') return send(index + 1);
      if (!out.headersSent)
        out
          .writeHead(502, { 'content-type': 'application/json' })
          .end(JSON.stringify({ detail: pick(request.ctx.lang, TEXT.unreachable) }));
      else out.destroy();
    });
    // The browser going away ends the terminal's request too (an upload cancelled, a download left).
    out.on('close', () => {
      if (!out.writableFinished) upstream.destroy();
    });
    if (hasBody) body.pipe(upstream);
    else upstream.end();
  };
  send(0);
}

export function registerFileManager(
  app: FastifyInstance,
  distDir?: string,
  port = terminalHttpPort(),
  host = terminalHttpHost(),
): void {
  app.get('/koko/elfinder/sftp', (request, reply) =>
    reply.redirect(`${FILE_MANAGER_PATH}${request.url.slice('/koko/elfinder/sftp'.length)}`),
  );
  app.get(FILE_MANAGER_PATH, (request, reply) => {
    if (!signedInBrowser(request)) return reply.redirect(`${LOGIN_PATH}?next=${encodeURIComponent(request.url)}`);
    const query = singleValues(request.query as Record<string, unknown>);
    const attrs = { asset: query.asset, 'system-user': query.system_user, path: query.path };
    // Read per request: a rebuild while the server runs renames the hashed chunks it preloads.
    const html = renderElementPage(
      readFileSync(PAGE_FILE, 'utf8'),
      TAG,
      attrs,
      preloadLinks(distDir, ELEMENT_ENTRY),
      pageLang(request.cookies.django_language),
    );
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });
  // Its own plugin: the raw body stream is the only parser here (no JSON, no size limit: uploads pass through).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.route({
      method: ['GET', 'PUT', 'POST'],
      url: `${FILES_PREFIX}*`,
      preHandler: async (request, reply) => refusal(request, reply) ?? undefined,
      handler: (request, reply) =>
        forward(
          request,
          reply,
          fileDoors(request.server.bastion.db, request.server.bastion.now(), { host, port }, request.ctx.user!.id),
        ),
    });
  });
}
