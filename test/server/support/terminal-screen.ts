// A user's side of a terminal connection for the terminal-door suites: an ssh2 client shell (or a web
// socket) whose screen text tests wait on, type into and resize.
import { Client, type ClientChannel } from 'ssh2';
import WebSocket from 'ws';

export interface Screen {
  /** Everything shown since the connection opened, escape sequences stripped. */
  text(): string;
  /** Waits until `pattern` appears in what was shown after the last `mark()` (or the start). */
  waitFor(pattern: string | RegExp, ms?: number): Promise<string>;
  mark(): void;
  send(data: string): void;
  resize(cols: number, rows: number): void;
  close(): void;
  /** Resolves when the connection closes. */
  closed: Promise<void>;
}

const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[@-~]/g, '').replace(/\x1b\][^\x07]*\x07/g, '');

function screenOver(write: (data: string) => void, resize: (cols: number, rows: number) => void, close: () => void) {
  let shown = '';
  let from = 0;
  const waiters = new Set<() => void>();
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  const screen: Screen = {
    text: () => shown,
    mark: () => {
      from = shown.length;
    },
    send: write,
    resize,
    close,
    closed,
    waitFor: (pattern, ms = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const slice = shown.slice(from);
          const hit = typeof pattern === 'string' ? slice.includes(pattern) : pattern.test(slice);
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(slice);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${pattern} in:\n${shown.slice(from).slice(-2000)}`));
        }, ms);
        if (!check()) waiters.add(check);
      }),
  };
  const shownMore = (text: string) => {
    shown += plain(text);
    for (const waiter of [...waiters]) waiter();
  };
  return { screen, shownMore, ended: () => resolveClosed() };
}

export interface SshLogin {
  username: string;
  password?: string;
  privateKey?: string;
  /** Variables sent before the shell, as OpenSSH's `SendEnv LANG LC_*` does; default an English locale
   * (the suites read the door's English texts), `{}` sends none. */
  env?: Record<string, string>;
}

const ENGLISH_LOCALE = { LANG: 'en_US.UTF-8' };

/** Signs in to the terminal's SSH door and opens a shell; rejects when the door refuses the login. */
export function sshScreen(port: number, login: SshLogin, size = { cols: 120, rows: 40 }): Promise<Screen> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let channel: ClientChannel | null = null;
    const { screen, shownMore, ended } = screenOver(
      (data) => channel?.write(data),
      (cols, rows) => channel?.setWindow(rows, cols, 0, 0),
      () => client.end(),
    );
    client.once('error', reject);
    client.on('close', ended);
    client.once('ready', () => {
      client.shell(
        { term: 'xterm', cols: size.cols, rows: size.rows },
        { env: login.env ?? ENGLISH_LOCALE },
        (error, stream) => {
          if (error) return reject(error);
          channel = stream;
          stream.on('data', (data: Buffer) => shownMore(data.toString('utf8')));
          stream.on('close', () => client.end());
          resolve(screen);
        },
      );
    });
    client.connect({
      host: '127.0.0.1',
      port,
      username: login.username,
      password: login.password,
      privateKey: login.privateKey,
      readyTimeout: 10_000,
      tryKeyboard: false,
    });
  });
}

/**
 * Opens the web terminal socket; frames are decoded into the same screen, `close` frames kept.
 * `sendRaw` sends a frame as given (not wrapped as a data frame). The upgrade asks for English (the
 * suites read the door's English texts) unless `headers` name an accept-language; `acceptLanguage: null`
 * sends none.
 */
export function webScreen(
  url: string,
  headers: Record<string, string> = {},
  opts: { acceptLanguage?: string | null } = {},
): Promise<Screen & { closeReasons: string[]; sendRaw(frame: string): void }> {
  return new Promise((resolve, reject) => {
    const language = opts.acceptLanguage === undefined ? 'en' : opts.acceptLanguage;
    const socket = new WebSocket(url, {
      headers: { ...(language === null ? {} : { 'accept-language': language }), ...headers },
    });
    const closeReasons: string[] = [];
    const { screen, shownMore, ended } = screenOver(
      (data) => socket.send(JSON.stringify({ type: 'data', data })),
      (cols, rows) => socket.send(JSON.stringify({ type: 'resize', cols, rows })),
      () => socket.close(),
    );
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { type: string; data?: string; reason?: string };
      if (frame.type === 'data') shownMore(frame.data ?? '');
      if (frame.type === 'close') closeReasons.push(frame.reason ?? '');
    });
    socket.once('open', () =>
      resolve(Object.assign(screen, { closeReasons, sendRaw: (frame: string) => socket.send(frame) })),
    );
    socket.once('error', reject);
    socket.on('close', ended);
  });
}
