// The web terminal door (contract §3): an HTTP server whose `/koko/ws/terminal/?token=&cols=&rows=`
// upgrades to a WebSocket. The connection token names the user, the asset and the system user (the
// server checked the grant when it issued it); the session is the same TerminalSession as over SSH,
// with login_from WT. Frames are JSON text: in {type: data|resize}, out {type: data|close}.
// Browsers never reach this port: the server's socket proxy does, for them, and signs each upgrade
// with the user it vouches for and the browser's address (shared/proxy-signature.ts, key from terminals/
// config/). An upgrade without a valid signature is refused (401) before its token is read, so nobody
// else who can reach the port names an address or spends a token; the token is redeemed naming the
// vouched user, and the server refuses one issued to someone else. The door speaks the language the
// server names in the upgrade's Accept-Language (the console's: zh-hans or en).
import { createServer, type Server } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { WebSocketServer, type WebSocket } from 'ws';
import { verifyUpgrade, type Vouched } from '../../shared/proxy-signature.ts';
import type { Api } from '../delivery/api.ts';
import { WebFiles } from '../files/web-files.ts';
import type { GrantedAsset, GrantedSystemUser, TerminalUser } from '../session/grants.ts';
import { langOfAcceptLanguage } from '../texts/language.ts';
import type { Services } from '../services.ts';
import type { DoorSession, EndReason, ManualLogin, UserScreen } from '../session/recorded-session.ts';
import { TerminalSession } from '../session/session.ts';
import { loadDatabaseApp, type DatabaseApp } from '../database/app-grants.ts';
import { DatabaseSession } from '../database/database-session.ts';
import { LineReader } from './line-reader.ts';
import { askManualLogin } from './manual-login.ts';
import { reasonOf } from '../delivery/storage-health.ts';
import { text, type Lang, type TextKey } from '../texts/texts.ts';

const WS_PATH = '/koko/ws/terminal/';
const q = encodeURIComponent;

/** The redemption's answer: ids, with the user's username and display name (`name`); `application` for a database app. */
interface TokenInfo {
  user: string;
  asset: string | null;
  application?: string;
  type?: string;
  system_user: string;
  username?: string;
  name?: string;
}

/** What a token opens: an asset over SSH, or a database app (a SQL session). */
type Opened =
  | { kind: 'asset'; user: TerminalUser; asset: GrantedAsset; systemUser: GrantedSystemUser }
  | { kind: 'database'; user: TerminalUser; app: DatabaseApp; systemUser: GrantedSystemUser };

const bounded = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 10 && n <= 1000 ? n : fallback;
};

async function resolveToken(api: Api, token: string, vouchedUser: string): Promise<Opened> {
  const info = await api.get<TokenInfo>(`/api/v1/users/connection-token/?token=${q(token)}&user=${q(vouchedUser)}`);
  // The server already refused a mismatch; a second look costs nothing.
  if (info.user !== vouchedUser) throw new Error("the token is not the vouched user's");
  // The user as the SSH door has them from their sign-in: the session reads `Name(username)` either way.
  const username = info.username ?? '';
  const user = { id: info.user, username, name: info.name || username };
  if (info.application) {
    const [app, systemUser] = await Promise.all([
      loadDatabaseApp(api, info.application),
      api.get<GrantedSystemUser>(`/api/v1/assets/system-users/${q(info.system_user)}/`),
    ]);
    return { kind: 'database', user, app, systemUser };
  }
  const [asset, systemUser] = await Promise.all([
    api.get<GrantedAsset & { protocols: unknown }>(`/api/v1/assets/assets/${q(info.asset ?? '')}/`),
    api.get<GrantedSystemUser>(`/api/v1/assets/system-users/${q(info.system_user)}/`),
  ]);
  // The asset detail lists protocols as "ssh/22" strings or {name, port} objects.
  const protocols = (Array.isArray(asset.protocols) ? asset.protocols : String(asset.protocols ?? '').split(' ')).map(
    (p: unknown) =>
      typeof p === 'object' && p ? `${(p as { name: string }).name}/${(p as { port: number }).port}` : String(p),
  );
  return { kind: 'asset', user, asset: { ...asset, protocols }, systemUser };
}

function send(socket: WebSocket, frame: Record<string, unknown>): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** A close frame carries at most 123 bytes of reason: cut between characters (a Chinese one takes 3). */
function shortReason(reason: string): string {
  let out = '';
  for (const char of reason) {
    if (Buffer.byteLength(out + char) > 123) break;
    out += char;
  }
  return out;
}

function closeWith(socket: WebSocket, reason: string): void {
  send(socket, { type: 'close', reason });
  socket.close(1000, shortReason(reason));
}

/** Why the page's terminal closed, in the session's own words where it has them. */
const END_TEXTS: Partial<Record<EndReason, TextKey>> = {
  killed: 'session.killed',
  idle: 'session.idle',
  stopping: 'session.stopping',
  target: 'web.target_closed',
};

async function serve(services: Services, socket: WebSocket, vouched: Vouched, url: URL, lang: Lang): Promise<void> {
  const decoder = new StringDecoder('utf8');
  const screen: UserScreen = {
    cols: bounded(url.searchParams.get('cols'), 80),
    rows: bounded(url.searchParams.get('rows'), 24),
    term: 'xterm-256color',
    write: (data) => {
      const text = typeof data === 'string' ? data : decoder.write(data);
      if (text) send(socket, { type: 'data', data: text });
    },
  };
  let session: DoorSession | null = null;
  let gone = false;
  const early: Record<string, unknown>[] = [];
  // Asks a manual-login database user for their credentials before the session opens.
  const reader = new LineReader((words) => screen.write(words));
  let asking = false;
  socket.on('message', (raw) => {
    let frame: unknown;
    try {
      frame = JSON.parse(raw.toString());
    } catch {
      return;
    }
    // Only objects are frames: `null`, arrays and scalars are ignored like unreadable text.
    if (!frame || typeof frame !== 'object' || Array.isArray(frame)) return;
    const data = (frame as Record<string, unknown>).data;
    if (!session && asking && (frame as Record<string, unknown>).type === 'data' && typeof data === 'string') {
      reader.feed(data);
      return;
    }
    if (!session) {
      early.push(frame as Record<string, unknown>);
      return;
    }
    handle(frame as Record<string, unknown>);
  });
  socket.on('close', () => {
    gone = true;
    reader.close();
    void session?.end('user');
  });
  socket.on('error', () => socket.terminate());
  const handle = (frame: Record<string, unknown>) => {
    if (frame.type === 'data' && typeof frame.data === 'string') session!.input(frame.data);
    else if (frame.type === 'resize')
      session!.resize(bounded(String(frame.cols), screen.cols), bounded(String(frame.rows), screen.rows));
  };

  let target: Opened;
  try {
    target = await resolveToken(services.api, url.searchParams.get('token') ?? '', vouched.user);
  } catch (error) {
    services.log(`web terminal token refused: ${(error as Error).message}`);
    return closeWith(socket, text(lang, 'web.token_invalid'));
  }
  const origin = { user: target.user, remoteAddr: vouched.forwardedFor, loginFrom: 'WT' as const, lang };
  const { systemUser } = target;
  const host = target.kind === 'asset' ? target.asset.hostname : target.app.name;
  const ip = target.kind === 'asset' ? target.asset.ip : `${target.app.host}:${target.app.port}`;
  let manual: ManualLogin | undefined;
  if (target.kind === 'database' && systemUser.login_mode === 'manual') {
    asking = true;
    manual = (await askManualLogin(reader, lang, systemUser, host)) ?? undefined;
    asking = false;
    if (!manual) return closeWith(socket, text(lang, 'web.ended'));
  }
  screen.write(`${text(lang, 'connect.connecting', { systemUser: systemUser.name, host, ip })}\r\n`);
  try {
    session =
      target.kind === 'asset'
        ? await TerminalSession.open(services, origin, target.asset, systemUser, screen)
        : await DatabaseSession.open(services, origin, target.app, systemUser, screen, manual);
  } catch (error) {
    return closeWith(socket, text(lang, 'connect.failed', { host, error: reasonOf(error, lang) }));
  }
  if (gone) {
    await session.end('user');
    return;
  }
  for (const frame of early.splice(0)) handle(frame);
  const reason = await session.ended;
  closeWith(socket, text(lang, END_TEXTS[reason] ?? 'web.ended'));
}

export function createWebDoor(services: Services): Server {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  // The web file manager's requests (signed by the server's proxy too): files/web-files.ts.
  const files = new WebFiles(services);
  const server = createServer((request, response) => {
    if (files.handle(request, response)) return;
    if (request.url?.startsWith('/koko/health/')) {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sessions: services.sessions.size }));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Not found.' }));
  });
  server.on('upgrade', (request, socket, head) => {
    // Read at each upgrade: the heartbeat refreshes the config (and so a rotated key) every minute.
    const secret = services.config.TERMINAL_PROXY_SECRET;
    const vouched = verifyUpgrade(
      typeof secret === 'string' ? secret : undefined,
      request.headers,
      request.url ?? '',
      Date.now(),
    );
    if (!vouched) {
      services.log(
        `refused a web terminal upgrade without a valid signature from ${request.socket.remoteAddress ?? '?'}`,
      );
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const url = new URL(request.url ?? '/', 'http://terminal');
    if (url.pathname !== WS_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const lang = langOfAcceptLanguage(request.headers['accept-language']);
    sockets.handleUpgrade(request, socket, head, (ws) => {
      serve(services, ws, vouched, url, lang).catch((error: Error) => {
        services.log(`web terminal failed: ${error.message}`);
        closeWith(ws, text(lang, 'web.failed'));
      });
    });
  });
  server.on('close', () => {
    files.close();
    for (const socket of sockets.clients) socket.terminate();
  });
  return server;
}
