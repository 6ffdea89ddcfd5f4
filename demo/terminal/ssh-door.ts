// The SSH door: bastion users sign in with their password or their registered public key (the server
// decides, through `authentication/tokens/` on their behalf), then get the asset menu in a shell channel.
// ssh2 is CommonJS: Node's ESM loader finds only some of its names, so take them from the default export.
import ssh2, { type AuthContext, type Connection, type Server, type ServerChannel } from 'ssh2';
import { StringDecoder } from 'node:string_decoder';
import { ApiError } from './api.ts';
import type { TerminalUser } from './grants.ts';
import { LineReader } from './line-reader.ts';
import { AssetMenu } from './menu.ts';
import type { Services } from './services.ts';
import type { TerminalSession, UserScreen } from './session.ts';

interface TokenAnswer { user?: { id: string; username: string; name: string } }

async function signIn(services: Services, body: Record<string, string>): Promise<TerminalUser | null> {
  try {
    const answer = await services.api.post<TokenAnswer>('/api/v1/authentication/tokens/', { ...body, login_type: 'T' });
    return answer.user?.id ? { id: answer.user.id, username: answer.user.username, name: answer.user.name || answer.user.username } : null;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    services.log(`sign-in check failed: ${(error as Error).message}`);
    return null;
  }
}

function allowedMethods(services: Services): ('password' | 'publickey')[] {
  const methods: ('password' | 'publickey')[] = [];
  if (services.config.TERMINAL_PUBLIC_KEY_AUTH !== false) methods.push('publickey');
  if (services.config.TERMINAL_PASSWORD_AUTH !== false) methods.push('password');
  return methods;
}

async function authenticate(services: Services, ctx: AuthContext, remoteAddr: string): Promise<TerminalUser | null> {
  const methods = allowedMethods(services);
  if (ctx.method === 'password' && methods.includes('password')) {
    return signIn(services, { username: ctx.username, password: ctx.password, remote_addr: remoteAddr });
  }
  if (ctx.method === 'publickey' && methods.includes('publickey')) {
    if (!ctx.signature) return null; // answered below: any key may be tried, the signed attempt decides
    const key = ssh2.utils.parseKey(ctx.key.data);
    if (key instanceof Error || !ctx.blob || !key.verify(ctx.blob, ctx.signature, ctx.hashAlgo)) return null;
    return signIn(services, { username: ctx.username, public_key: `${ctx.key.algo} ${ctx.key.data.toString('base64')}`, remote_addr: remoteAddr });
  }
  return null;
}

export function createSshDoor(services: Services, hostKey: Buffer): Server {
  return new ssh2.Server({ hostKeys: [hostKey], banner: undefined }, (client: Connection, info) => {
    let user: TerminalUser | null = null;
    const remoteAddr = info.ip;
    client.on('authentication', (ctx) => {
      const methods = allowedMethods(services);
      if (ctx.method === 'publickey' && !ctx.signature && methods.includes('publickey')) return ctx.accept();
      authenticate(services, ctx, remoteAddr).then((found) => {
        if (found) {
          user = found;
          ctx.accept();
        } else ctx.reject(methods);
      }, () => ctx.reject(methods));
    });
    client.on('error', () => { /* a client that drops mid-handshake is nothing to report */ });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        const screen: UserScreen & { channel?: ServerChannel } = { cols: 80, rows: 24, term: 'xterm', write: (data) => screen.channel?.write(data) };
        let active: TerminalSession | null = null;
        session.on('pty', (accept, _reject, pty) => {
          screen.cols = pty.cols || 80;
          screen.rows = pty.rows || 24;
          screen.term = pty.term || 'xterm';
          accept?.();
        });
        session.on('window-change', (accept, _reject, size) => {
          if (active) active.resize(size.cols, size.rows);
          else {
            screen.cols = size.cols;
            screen.rows = size.rows;
          }
          accept?.();
        });
        session.on('exec', (_accept, reject) => reject());
        session.on('subsystem', (_accept, reject) => reject());
        session.on('shell', (accept) => {
          const channel = accept();
          screen.channel = channel;
          channel.on('error', () => channel.destroy()); // a vanished client: its close ends the session
          const reader = new LineReader((text) => channel.write(text));
          const decoder = new StringDecoder('utf8'); // a character may arrive split over two packets
          channel.on('data', (data: Buffer) => {
            const text = decoder.write(data);
            if (!text) return;
            if (active) active.input(text);
            else reader.feed(text);
          });
          channel.on('close', () => {
            reader.close();
            void active?.end('user');
          });
          const menu = new AssetMenu(services, { user: user!, remoteAddr, loginFrom: 'ST' }, {
            screen, reader, attach: (next) => { active = next; },
          });
          menu.run().finally(() => {
            channel.write('Bye.\r\n');
            channel.exit(0);
            channel.end();
          });
        });
      });
    });
  });
}
