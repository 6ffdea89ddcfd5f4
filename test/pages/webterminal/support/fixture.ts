// The web terminal's browser tests: a granted user (a new one), an asset that is the private sshd of
// terminal-world.ts (or a loopback address nothing answers on), two SSH system users, and the page
// /luna/ loaded in an iframe from the reference server, so it runs as served: its CSP, its bundle.
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../../../helpers/dom.ts';
import { ASSETS, create, uniqueName } from '../../assets/support/api.ts';
import { PERMS, SYSTEM_USERS, makeUser } from '../../userviews/support.ts';
import { USERS } from '../../users/support.ts';

export interface World {
  sshd: { host: string; port: number; username: string; password: string };
  httpPort: number;
  /** A private MariaDB with database `shop` (table `t`) and an account with rights on it. */
  mariadb: { host: string; port: number; database: string; username: string; password: string };
}

/** Starts (once per run) the sshd and the terminal component beside the test run's server. */
export async function startWorld(): Promise<World> {
  const world = await executeServerCommand<World, undefined>('webterm-world-start');
  if (!world?.sshd) throw new Error('the web terminal fixture plugin did not start the terminal');
  return world;
}

export interface Grant {
  member: { id: string; username: string };
  asset: { id: string; hostname: string; ip: string };
  systemUsers: { id: string; name: string }[];
  made: string[];
}

/** As admin: a new user granted one asset with the given system users (all actions). */
export async function makeTerminalGrant(
  target: { host: string; port: number },
  accounts: { username: string; password: string }[],
): Promise<Grant> {
  const prefix = uniqueName('wt');
  const made: string[] = [];
  const member = await makeUser(`${prefix}m`);
  made.push(`${USERS}${member.id}/`);
  const asset = await create<{ id: string; hostname: string; ip: string }>(ASSETS, {
    hostname: `${prefix}-host`,
    ip: target.host,
    platform: 'Linux',
    protocols: [`ssh/${target.port}`],
    is_active: true,
  });
  const systemUsers = [];
  for (const [n, account] of accounts.entries()) {
    systemUsers.push(
      await create<{ id: string; name: string }>(SYSTEM_USERS, {
        name: `${prefix}-su${n + 1}`,
        username: account.username,
        password: account.password,
        login_mode: 'auto',
        protocol: 'ssh',
        priority: 20 + n,
      }),
    );
  }
  const permission = await create<{ id: string }>(PERMS, {
    name: prefix,
    users: [member.id],
    assets: [asset.id],
    system_users: systemUsers.map((su) => su.id),
    actions: ['all'],
  });
  made.unshift(`${PERMS}${permission.id}/`);
  made.push(`${ASSETS}${asset.id}/`, ...systemUsers.map((su) => `${SYSTEM_USERS}${su.id}/`));
  return { member, asset, systemUsers, made };
}

export interface LoadedPage {
  frame: HTMLIFrameElement;
  doc: Document;
  /** The element's shadow root. */
  root: () => ShadowRoot | null;
  /** The page's window (its globals, its downloads). */
  win: () => Window & typeof globalThis;
  violations: string[];
}

/** Loads `url` in a full-size iframe and records the CSP violations of the new document; `root` is `tag`'s. */
export async function loadPage(url: string, tag = 'bastion-web-terminal'): Promise<LoadedPage> {
  const frame = document.createElement('iframe');
  frame.width = '1000';
  frame.height = '600';
  document.body.append(frame);
  const blank = frame.contentDocument;
  frame.src = url;
  const doc = await waitFor(
    () =>
      frame.contentDocument !== blank && frame.contentDocument?.readyState !== 'loading' ? frame.contentDocument : null,
    15000,
    `${url} to load`,
  );
  const violations: string[] = [];
  doc.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  return {
    frame,
    doc,
    violations,
    root: () => frame.contentDocument?.querySelector(tag)?.shadowRoot ?? null,
    win: () => frame.contentWindow as Window & typeof globalThis,
  };
}

/** The terminal's screen as lines of text (xterm's DOM renderer: one div per row). */
export function screenLines(root: ShadowRoot | null): string[] {
  return [...(root?.querySelectorAll('.xterm-rows > div') ?? [])].map((row) =>
    (row.textContent ?? '').replace(/\u00a0/g, ' ').trimEnd(),
  );
}
