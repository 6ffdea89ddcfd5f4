// The SSH door: bastion users sign in with their password or their registered public key (the server
// decides, through `authentication/tokens/` on their behalf; a user with MFA then types a code, checked by
// `mfa/challenge/`), then get the asset menu in a shell channel, in the language of the locale the client
// sends (language.ts).
// ssh2 is CommonJS: Node's ESM loader finds only some of its names, so take them from the default export.
import { coalesceWrites, socketOf } from '../session/coalesced-writes.ts';
import ssh2, { type AuthContext, type Connection, type Server, type ServerChannel } from 'ssh2';
import { StringDecoder } from 'node:string_decoder';
import { sendAuthBanner } from './auth-banner.ts';
import { answerMfa, signIn, type PendingMfa, type SignIn, type Unjudged } from './door-sign-in.ts';
import { FileTree } from '../files/file-tree.ts';
import { serveSftp } from '../files/sftp-door.ts';
import type { TerminalUser } from '../session/grants.ts';
import { langOfLocale, LOCALE_VARIABLES } from '../texts/language.ts';
import { LineReader } from './line-reader.ts';
import { AssetMenu } from './menu.ts';
import type { Services } from '../services.ts';
import type { DoorSession, UserScreen } from '../session/recorded-session.ts';
import { text, type TextKey } from '../texts/texts.ts';

/**
 * The MFA prompt comes during sign-in, before the client has sent its locale (env requests travel on
 * the session channel, which opens after): it is shown in both languages, Chinese first.
 */
const bothLanguages = (key: TextKey) => `${text('zh', key)} / ${text('en', key)}`;

/** Why the server could not judge the sign-in, before the door refuses it: a banner, else (see below) a prompt. */
const unjudgedText = (why: Unjudged) => `${text('zh', why)}\n${text('en', why)}`;

function allowedMethods(services: Services): ('password' | 'publickey')[] {
  const methods: ('password' | 'publickey')[] = [];
  if (services.config.TERMINAL_PUBLIC_KEY_AUTH !== false) methods.push('publickey');
  if (services.config.TERMINAL_PASSWORD_AUTH !== false) methods.push('password');
  return methods;
}

async function authenticate(services: Services, ctx: AuthContext, remoteAddr: string): Promise<SignIn> {
  const methods = allowedMethods(services);
  if (ctx.method === 'password' && methods.includes('password')) {
    return signIn(services, { username: ctx.username, password: ctx.password, remote_addr: remoteAddr });
  }
  if (ctx.method === 'publickey' && methods.includes('publickey')) {
    if (!ctx.signature) return null; // answered below: any key may be tried, the signed attempt decides
    const key = ssh2.utils.parseKey(ctx.key.data);
    if (key instanceof Error || !ctx.blob || !key.verify(ctx.blob, ctx.signature, ctx.hashAlgo)) return null;
    return signIn(services, {
      username: ctx.username,
      public_key: `${ctx.key.algo} ${ctx.key.data.toString('base64')}`,
      remote_addr: remoteAddr,
    });
  }
  return null;
}

export function createSshDoor(services: Services, hostKey: Buffer): Server {
  return new ssh2.Server({ hostKeys: [hostKey], banner: undefined }, (client: Connection, info) => {
    // Keystrokes are single small packets: with Nagle on, each echo waits for the client's delayed ACK
    // (~40 ms per hop, measured), which is what made typing through the door lag.
    (client as Connection & { setNoDelay(on: boolean): void }).setNoDelay(true);
    coalesceWrites(socketOf(client));
    let user: TerminalUser | null = null;
    const remoteAddr = info.ip;
    // A user with MFA passes the password or key first (partial success), then types the code of
    // their authenticator in a keyboard-interactive prompt.
    let pendingMfa: PendingMfa | null = null;
    let notice: string | null = null;
    client.on('authentication', (ctx) => {
      const methods = allowedMethods(services);
      // The refusal's reason travels as keyboard-interactive instructions (clients print them), then no.
      if (ctx.method === 'keyboard-interactive' && notice) {
        const said = notice;
        notice = null;
        // One prompt: clients show instructions that come with a question (ssh2 skips an empty round).
        ctx.prompt([{ prompt: `${bothLanguages('door.notice.close')}: `, echo: false }], 'Bastion', said, () =>
          ctx.reject(methods),
        );
        return;
      }
      if (ctx.method === 'keyboard-interactive' && pendingMfa) {
        const pending = pendingMfa;
        ctx.prompt(
          [{ prompt: `${bothLanguages('door.mfa.prompt')}: `, echo: true }],
          'MFA',
          bothLanguages('door.mfa.instructions'),
          (answers) => {
            answerMfa(services, pending, answers[0] ?? '').then(
              (found) => {
                if (found && 'user' in found) {
                  user = found.user;
                  pendingMfa = null;
                  return ctx.accept();
                }
                // Not judged: said, and the code may be typed again (the password stays passed).
                if (found && 'unjudged' in found) sendAuthBanner(client, unjudgedText(found.unjudged));
                ctx.reject(['keyboard-interactive'], true);
              },
              () => ctx.reject(['keyboard-interactive'], true),
            );
          },
        );
        return;
      }
      if (ctx.method === 'publickey' && !ctx.signature && methods.includes('publickey')) return ctx.accept();
      authenticate(services, ctx, remoteAddr).then(
        (found) => {
          if (found && 'user' in found) {
            user = found.user;
            ctx.accept();
          } else if (found && 'notice' in found) {
            notice = found.notice;
            ctx.reject(['keyboard-interactive']);
          } else if (found && 'unjudged' in found) {
            // Said before the refusal: as a banner every client prints, else as the prompt's instructions.
            if (sendAuthBanner(client, unjudgedText(found.unjudged))) ctx.reject(methods);
            else {
              notice = unjudgedText(found.unjudged);
              ctx.reject(['keyboard-interactive']);
            }
          } else if (found) {
            pendingMfa = found.mfa;
            ctx.reject(['keyboard-interactive'], true);
          } else ctx.reject(methods);
        },
        () => ctx.reject(methods),
      );
    });
    client.on('error', () => {
      /* a client that drops mid-handshake is nothing to report */
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        const screen: UserScreen & { channel?: ServerChannel } = {
          cols: 80,
          rows: 24,
          term: 'xterm',
          write: (data) => screen.channel?.write(data),
        };
        let active: DoorSession | null = null;
        // What the client sent of LANG, LC_ALL and LC_MESSAGES before asking for the shell.
        const locale: Record<string, string> = {};
        session.on('env', (accept, reject, { key, val }) => {
          if (!(LOCALE_VARIABLES as readonly string[]).includes(key)) return reject?.();
          locale[key] = String(val);
          accept?.();
        });
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
        // SFTP (and scp, which OpenSSH 9 runs over SFTP): the user's virtual tree of granted assets.
        session.on('sftp', (accept) => {
          const sftp = accept();
          serveSftp(sftp, new FileTree(services, { user: user!, remoteAddr }), services.log);
        });
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
          const lang = langOfLocale(locale);
          const menu = new AssetMenu(
            services,
            { user: user!, remoteAddr, loginFrom: 'ST', lang },
            {
              screen,
              reader,
              attach: (next) => {
                active = next;
              },
            },
          );
          menu.run().finally(() => {
            channel.write(`${text(lang, 'door.bye')}\r\n`);
            channel.exit(0);
            channel.end();
          });
        });
      });
    });
  });
}
