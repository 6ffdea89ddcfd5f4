// `/koko/ws/...`: the web terminal's WebSocket, passed through to a terminal component's HTTP port — one of
// the live terminals that said where their web door listens (terminal/web-doors.ts), else TERMINAL_HTTP_PORT
// (default 5000) on TERMINAL_HTTP_HOST (default 127.0.0.1) — as JumpServer's nginx passes it to koko. The browser's socket is accepted here, so the server decides who may open one: a
// signed-in browser session of a valid user, from a page of this origin, presenting a connection token
// issued to that same user (or none the server knows: the terminal then says it is invalid). A
// WebSocket handshake is a GET that carries the session cookie and no CSRF token, so without the Origin
// check any site could open a terminal in its visitor's name (cross-site WebSocket hijacking).
// The upstream handshake carries what only this server knows — the user and the browser's address —
// signed with the terminals' shared key (shared/proxy-signature.ts): the terminal's port believes
// nothing else. Frames pass through unchanged both ways.
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import { browserRefusal, peerAddress } from '../core/auth/browser-origin.ts';
import { pick } from '../core/lib/i18n.ts';
import { tokenOwner, vouchTokenAddress } from '../terminal/connection-token.ts';
import { terminalProxySecret } from '../terminal/proxy-secret.ts';
import { signUpgrade } from '../../shared/proxy-signature.ts';
import { noteWebSession, webTerminalDoors, type WebDoor } from '../terminal/web-doors.ts';

export const TERMINAL_HTTP_PORT_ENV = 'TERMINAL_HTTP_PORT';
export const DEFAULT_TERMINAL_HTTP_PORT = 5000;
export const TERMINAL_HTTP_HOST_ENV = 'TERMINAL_HTTP_HOST';
export const TERMINAL_SOCKET_PREFIX = '/koko/ws/';

/** A terminal's input frames are keystrokes and resizes: a megabyte is far beyond any real one. */
const MAX_BROWSER_FRAME = 1024 * 1024;
/** Browser frames sent before the terminal answered, kept in order (bounded, like the frames). */
const MAX_QUEUED_BYTES = 1024 * 1024;
/** Output not yet written to a slow browser: past it the terminal's socket is paused. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;
const UPSTREAM_HANDSHAKE_MS = 10_000;

const TEXT = {
  notYourToken: {
    en: 'Connection refused: this connection token belongs to another user.',
    zh: '拒绝连接：该连接令牌属于其他用户。',
  },
  upgradeExpected: { en: 'This address only accepts WebSocket connections.', zh: '此地址只接受 WebSocket 连接。' },
  unreachable: {
    en: 'The terminal service cannot be reached; please try again later.',
    zh: '无法连接终端服务，请稍后再试。',
  },
  refused: {
    en: 'The terminal service refused the connection (HTTP {status}).',
    zh: '终端服务拒绝了连接（HTTP {status}）。',
  },
};

/** TERMINAL_HTTP_PORT as a port number; anything else stops the server at start. */
export function terminalHttpPort(value = process.env[TERMINAL_HTTP_PORT_ENV]): number {
  if (value === undefined || value.trim() === '') return DEFAULT_TERMINAL_HTTP_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${TERMINAL_HTTP_PORT_ENV}: not a port: ${value}`);
  return port;
}

const hostInUrl = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/**
 * Where the terminal's web port is reached: TERMINAL_HTTP_HOST (the address the terminal listens on,
 * the same variable, so `npm start` keeps both in step); an unspecified address is reached over loopback.
 */
export function terminalHttpHost(value = process.env[TERMINAL_HTTP_HOST_ENV]): string {
  const host = value?.trim() || '127.0.0.1';
  if (/^0+(\.0+){3}$/.test(host)) return '127.0.0.1';
  if (/^\[?::\]?$/.test(host)) return '::1';
  // Anything that cannot be a URL's host stops the server at start, as a bad port does.
  if (!URL.canParse(`ws://${hostInUrl(host)}:1/`) || /[/?#@\s]/.test(host))
    throw new Error(`${TERMINAL_HTTP_HOST_ENV}: not a host: ${value}`);
  return host;
}

/** The token the terminal will read: the first `token` of the query, as URLSearchParams reads it there. */
const tokenOf = (url: string) => new URL(url, 'http://server').searchParams.get('token') ?? '';

/** 401 signed out, 403 a cross-site upgrade or another user's token; null lets the caller through. */
function refusal(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  const refused = browserRefusal(request, reply, !!request.ws);
  if (refused) return refused;
  const { ctx } = request;
  // Only read, never spent here: the token's owner can still use it. The terminal's redemption names
  // this same user (vouched below), so the server refuses a mismatch there too.
  const owner = tokenOwner(request.server.bastion.db, tokenOf(request.url));
  if (owner && owner !== ctx.user!.id) return reply.code(403).send({ detail: pick(ctx.lang, TEXT.notYourToken) });
  // The address signed to the terminal below is the one its session will be recorded under.
  if (owner) vouchTokenAddress(request.server.bastion.db, tokenOf(request.url), peerAddress(request));
  return null;
}

/** A close code the browser may be sent (1005/1006/1015 only describe a close, they are never sent). */
const sendableCode = (code: number) =>
  code === 1000 ||
  (code >= 1001 && code <= 1014 && ![1004, 1005, 1006].includes(code)) ||
  (code >= 3000 && code <= 4999)
    ? code
    : 1000;

/**
 * Joins the browser's socket to a new socket on a terminal, frame for frame, close for close. The doors are
 * tried in order (terminal/web-doors.ts): one that does not answer (a terminal gone down since its last
 * heartbeat) hands the browser to the next, before any frame has passed.
 */
function bridge(browser: WebSocket, request: FastifyRequest, doors: WebDoor[]): void {
  const lang = request.ctx.lang;
  const { db } = request.server.bastion;
  const queued: { data: RawData; binary: boolean }[] = [];
  let queuedBytes = 0;
  let unsent = 0;
  let upstream: WebSocket | null = null;

  // The terminal's own words for the end of a session are `{type: "close", reason}`; a failure of the
  // bridge itself says so the same way, so the page has one message to show.
  const fail = (reason: string) => {
    if (browser.readyState === WebSocket.OPEN) browser.send(JSON.stringify({ type: 'close', reason }));
    browser.close(1011);
  };

  const connect = (index: number) => {
    const terminal = doors[index];
    if (!terminal) return fail(pick(lang, TEXT.unreachable));
    const target = new URL(request.url, `ws://${hostInUrl(terminal.host)}:${terminal.port}`);
    // Signed over the path and query as the terminal will receive them (the URL parser may re-encode
    // what the browser sent), with the wall clock the terminal checks against (not the app's test clock).
    const signed = signUpgrade(
      terminalProxySecret(db),
      {
        user: request.ctx.user!.id,
        // Set, not appended: this server is where the browser connects, so an X-Forwarded-For the browser
        // sent would only be its own claim.
        forwardedFor: peerAddress(request),
      },
      target.pathname + target.search,
      Date.now(),
    );
    const socket = new WebSocket(target, {
      handshakeTimeout: UPSTREAM_HANDSHAKE_MS,
      headers: { ...signed, 'Accept-Language': lang === 'en' ? 'en' : 'zh-hans' },
    });
    upstream = socket;
    let opened = false;
    socket.on('open', () => {
      opened = true;
      socket.once('close', noteWebSession(terminal));
      for (const frame of queued.splice(0)) socket.send(frame.data, { binary: frame.binary });
    });
    socket.on('message', (data, binary) => {
      if (browser.readyState !== WebSocket.OPEN) return;
      const size = byteLength(data);
      unsent += size;
      if (unsent > HIGH_WATER_BYTES) socket.pause();
      browser.send(data, { binary }, () => {
        unsent -= size;
        if (unsent <= HIGH_WATER_BYTES && socket.isPaused) socket.resume();
      });
    });
    socket.on('unexpected-response', (_req, response) => {
      fail(pick(lang, TEXT.refused, { status: response.statusCode ?? 0 }));
      socket.terminate();
    });
    socket.on('error', () => {
      // Not reached at all: the next terminal, while the browser is still there.
      if (!opened && browser.readyState === WebSocket.OPEN && upstream === socket) return connect(index + 1);
      fail(pick(lang, TEXT.unreachable));
    });
    socket.on('close', (code, reason) => {
      if (upstream !== socket || (!opened && code === 1006)) return;
      if (browser.readyState === WebSocket.OPEN || browser.readyState === WebSocket.CONNECTING)
        browser.close(sendableCode(code), reason);
    });
  };

  browser.on('message', (data, binary) => {
    if (upstream?.readyState === WebSocket.OPEN) return upstream.send(data, { binary });
    if (upstream && upstream.readyState !== WebSocket.CONNECTING && upstream.readyState !== WebSocket.CLOSED) return;
    queuedBytes += byteLength(data);
    if (queuedBytes > MAX_QUEUED_BYTES) return browser.close(1009);
    queued.push({ data, binary });
  });
  browser.on('close', () => {
    const socket = upstream;
    upstream = null;
    if (socket?.readyState === WebSocket.OPEN) socket.close(1000);
    else if (socket?.readyState === WebSocket.CONNECTING) socket.terminate();
  });
  browser.on('error', () => upstream?.terminate());
  connect(0);
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/** WebSocket support for every route that takes one (this proxy, the task log): before any feature registers. */
export async function registerWebSockets(app: FastifyInstance): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_BROWSER_FRAME },
    // A socket that fails after the upgrade (the browser vanished) is simply dropped.
    errorHandler: (_error, socket) => socket.terminate(),
  });
}

export function registerTerminalSocketProxy(
  app: FastifyInstance,
  port = terminalHttpPort(),
  host = terminalHttpHost(),
): void {
  app.route({
    method: 'GET',
    url: `${TERMINAL_SOCKET_PREFIX}*`,
    // Runs before the upgrade: a refusal is a plain HTTP answer and no socket is ever accepted.
    preHandler: async (request, reply) => refusal(request, reply) ?? undefined,
    handler: (request, reply) => reply.code(400).send({ detail: pick(request.ctx.lang, TEXT.upgradeExpected) }),
    wsHandler: (socket, request) =>
      bridge(
        socket,
        request,
        webTerminalDoors(request.server.bastion.db, request.server.bastion.now(), { host, port }),
      ),
  });
}
