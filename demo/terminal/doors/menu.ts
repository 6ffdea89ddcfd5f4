// The SSH door's interactive menu: the user's granted assets (paged, searchable by hostname or IP,
// picked by number), then the asset's granted system users; a hostname or IP matching exactly one
// granted asset connects at once. Only what the grant engine lets the user connect to is offered, and
// it is asked once more right before connecting. Each connection is a TerminalSession; when it ends the
// menu returns. Texts follow the user's language (origin.lang).
import type { Services } from '../services.ts';
import {
  confirmConnect,
  grantedAssets,
  grantedSystemUsers,
  type GrantedAsset,
  type GrantedSystemUser,
} from '../session/grants.ts';
import type { LineReader } from './line-reader.ts';
import { askManualLogin } from './manual-login.ts';
import type { DoorSession, Origin, UserScreen } from '../session/recorded-session.ts';
import { TerminalSession } from '../session/session.ts';
import {
  confirmDatabaseApp,
  grantedAppSystemUsers,
  grantedDatabaseApps,
  type DatabaseApp,
} from '../database/app-grants.ts';
import { DatabaseSession } from '../database/database-session.ts';
import { reasonOf } from '../delivery/storage-health.ts';
import { pad, widthOf } from '../texts/text-width.ts';
import { text, type TextKey } from '../texts/texts.ts';

export interface MenuIO {
  screen: UserScreen;
  reader: LineReader;
  /** The session that now receives the user's keys and window changes (null: the menu does). */
  attach(session: DoorSession | null): void;
}

const bold = (words: string) => `\x1b[1m${words}\x1b[0m`;
const red = (words: string) => `\x1b[31m${words}\x1b[0m`;

export function helpText(origin: Origin): string {
  const help = text(origin.lang, 'menu.help')
    .split('\n')
    .map((line) => `  ${line}`);
  return (
    ['', `  ${text(origin.lang, 'menu.welcome', { name: bold(origin.user.name) })}`, '', ...help, ''].join('\r\n') +
    '\r\n'
  );
}

export class AssetMenu {
  private listing: GrantedAsset[] = [];
  private databases: DatabaseApp[] = [];
  private page = 0;

  constructor(
    private readonly services: Services,
    private readonly origin: Origin,
    private readonly io: MenuIO,
  ) {}

  private write(words: string): void {
    this.io.screen.write(words);
  }

  private say(key: TextKey, params?: Record<string, string | number>): string {
    return text(this.origin.lang, key, params);
  }

  private line(key: TextKey, params?: Record<string, string | number>): void {
    this.write(`${this.say(key, params)}\r\n`);
  }

  private pageSize(): number {
    const setting = String(this.services.config.TERMINAL_ASSET_LIST_PAGE_SIZE ?? 'auto');
    if (setting === 'all') return Number.MAX_SAFE_INTEGER;
    if (/^\d+$/.test(setting)) return Number(setting);
    return Math.max(5, this.io.screen.rows - 8);
  }

  /** Runs until the user quits or the connection closes. */
  async run(): Promise<void> {
    this.write(helpText(this.origin));
    for (;;) {
      const line = await this.io.reader.read(this.say('menu.prompt'));
      if (line === null || line === 'q' || line === 'exit') return;
      try {
        await this.handle(line);
      } catch (error) {
        this.write(`${red(this.say('menu.server_error', { error: (error as Error).message }))}\r\n`);
      }
    }
  }

  private async handle(line: string): Promise<void> {
    if (line === '') return;
    if (line === 'h') return this.write(helpText(this.origin));
    if (line === 'p') return this.show(await grantedAssets(this.services.api, this.origin.user), 0);
    if (line === 'n' || line === 'b') {
      if (!this.listing.length) return this.line('menu.no_list');
      return this.show(this.listing, this.page + (line === 'n' ? 1 : -1));
    }
    if (line === 'd') return this.showDatabases();
    if (/^d\d+$/.test(line)) return this.openDatabase(Number(line.slice(1)));
    if (line.startsWith('/'))
      return this.show(await grantedAssets(this.services.api, this.origin.user, line.slice(1).trim()), 0);
    if (/^\d+$/.test(line)) {
      if (!this.listing.length) this.listing = await grantedAssets(this.services.api, this.origin.user);
      const asset = this.listing[Number(line) - 1];
      if (!asset) return this.line('menu.no_number', { number: line });
      return this.open(asset);
    }
    const found = await grantedAssets(this.services.api, this.origin.user, line);
    const exact = found.filter((asset) => asset.hostname === line || asset.ip === line);
    if (exact.length === 1) return this.open(exact[0]);
    if (found.length === 1 && exact.length === 0) return this.open(found[0]);
    this.show(found, 0);
  }

  private show(assets: GrantedAsset[], page: number): void {
    this.listing = assets;
    if (!assets.length) return this.line('menu.no_match');
    const size = this.pageSize();
    const pages = Math.ceil(assets.length / size);
    this.page = Math.min(Math.max(0, page), pages - 1);
    const width = Math.max(40, this.io.screen.cols);
    const header = (['id', 'hostname', 'ip', 'comment'] as const).map((column) => this.say(`menu.column.${column}`));
    // Each column is as wide as its header too: a Chinese header takes two columns a character.
    const idWidth = Math.max(3, widthOf(header[0]) + 1, String(assets.length).length + 1);
    const hostWidth = Math.min(32, Math.max(8, widthOf(header[1]), ...assets.map((a) => widthOf(a.hostname))) + 1);
    const ipWidth = 16;
    const commentWidth = Math.max(8, width - idWidth - hostWidth - ipWidth - 4);
    const row = (id: string, host: string, ip: string, comment: string) =>
      `  ${pad(id, idWidth)}${pad(host, hostWidth)}${pad(ip, ipWidth)}${pad(comment, commentWidth)}`.replace(
        /\s+$/,
        '',
      );
    const lines = [row(header[0], header[1], header[2], header[3])];
    const start = this.page * size;
    assets.slice(start, start + size).forEach((asset, index) => {
      lines.push(row(String(start + index + 1), asset.hostname, asset.ip, (asset.comment ?? '').replace(/\s+/g, ' ')));
    });
    const count = assets.length;
    lines.push(
      `  ${
        pages > 1
          ? this.say('menu.count.pages', { page: this.page + 1, pages, count })
          : this.say(count === 1 ? 'menu.count.one' : 'menu.count.many', { count })
      }`,
    );
    this.write(`${lines.join('\r\n')}\r\n`);
  }

  private async chooseSystemUser(asset: GrantedAsset): Promise<GrantedSystemUser | null> {
    const systemUsers = await grantedSystemUsers(this.services.api, this.origin.user, asset);
    if (!systemUsers.length) {
      this.line('menu.system_user.none', { host: asset.hostname });
      return null;
    }
    return this.pickSystemUser(systemUsers, asset.hostname);
  }

  /** One of the system users: the only one, or the one the user picks by number (null: back to the menu). */
  private async pickSystemUser(systemUsers: GrantedSystemUser[], host: string): Promise<GrantedSystemUser | null> {
    if (systemUsers.length === 1) return systemUsers[0];
    this.line('menu.system_user.list', { host });
    systemUsers.forEach((su, index) =>
      this.write(
        `  ${pad(String(index + 1), 4)}${su.name} (${su.username || this.say('menu.system_user.same_as_user')})\r\n`,
      ),
    );
    for (;;) {
      const answer = await this.io.reader.read(this.say('menu.system_user.prompt'));
      if (answer === null || answer === '' || answer === 'q') return null;
      const chosen = systemUsers[Number(answer) - 1];
      if (/^\d+$/.test(answer) && chosen) return chosen;
      this.line('menu.system_user.no_number', { number: answer });
    }
  }

  private async open(asset: GrantedAsset): Promise<void> {
    const systemUser = await this.chooseSystemUser(asset);
    if (!systemUser) return;
    const manual =
      systemUser.login_mode === 'manual'
        ? await askManualLogin(this.io.reader, this.origin.lang, systemUser, asset.hostname)
        : undefined;
    if (manual === null) return;
    if (
      !(await this.confirmed(asset.hostname, systemUser, () =>
        confirmConnect(this.services.api, this.origin.user, asset, systemUser),
      ))
    )
      return;
    this.line('connect.connecting', { systemUser: systemUser.name, host: asset.hostname, ip: asset.ip });
    await this.enter(asset.hostname, () =>
      TerminalSession.open(this.services, this.origin, asset, systemUser, this.io.screen, manual),
    );
  }

  /** Lists the database apps granted to the user (any org), numbered for `d<number>`. */
  private async showDatabases(): Promise<void> {
    this.databases = await grantedDatabaseApps(this.services.api, this.origin.user);
    if (!this.databases.length) return this.line('menu.db.none');
    this.line('menu.db.list');
    const width = Math.min(32, Math.max(8, ...this.databases.map((app) => widthOf(app.name))) + 1);
    // Apps of several orgs may share a name (each org has its own): the org tells them apart, as koko does.
    const orgs = new Set(this.databases.map((app) => app.org_name ?? ''));
    const orgWidth = orgs.size > 1 ? Math.min(20, Math.max(...[...orgs].map(widthOf))) + 2 : 0;
    this.databases.forEach((app, index) => {
      const where = `${app.host}:${app.port}${app.database ? `/${app.database}` : ''}`;
      const org = orgWidth ? pad(`[${app.org_name ?? ''}]`, orgWidth) : '';
      this.write(
        `  ${pad(`d${index + 1}`, 5)}${pad(app.name, width)}${org}${pad(where, 28)}${(app.comment ?? '').replace(/\s+/g, ' ')}`.replace(
          /\s+$/,
          '',
        ) + '\r\n',
      );
    });
  }

  private async openDatabase(number: number): Promise<void> {
    if (!this.databases.length) this.databases = await grantedDatabaseApps(this.services.api, this.origin.user);
    const app = this.databases[number - 1];
    if (!app) return this.line('menu.db.no_number', { number });
    const systemUsers = await grantedAppSystemUsers(this.services.api, this.origin.user, app);
    if (!systemUsers.length) return this.line('menu.db.system_user.none', { app: app.name });
    const systemUser = await this.pickSystemUser(systemUsers, app.name);
    if (!systemUser) return;
    const manual =
      systemUser.login_mode === 'manual'
        ? await askManualLogin(this.io.reader, this.origin.lang, systemUser, app.name)
        : undefined;
    if (manual === null) return;
    if (
      !(await this.confirmed(app.name, systemUser, () =>
        confirmDatabaseApp(this.services.api, this.origin.user, app, systemUser),
      ))
    )
      return;
    this.line('connect.connecting', { systemUser: systemUser.name, host: app.name, ip: `${app.host}:${app.port}` });
    await this.enter(app.name, () =>
      DatabaseSession.open(this.services, this.origin, app, systemUser, this.io.screen, manual),
    );
  }

  /** Opens the session, gives it the keys until it ends, then the menu returns. */
  private async enter(host: string, open: () => Promise<DoorSession>): Promise<void> {
    let session: DoorSession;
    try {
      session = await open();
    } catch (error) {
      this.write(`${red(this.say('connect.failed', { host, error: reasonOf(error, this.origin.lang) }))}\r\n`);
      return;
    }
    this.io.attach(session);
    await session.ended;
    this.io.attach(null);
    this.write('\r\n');
  }

  /** The grant engine's yes, asked right before connecting; anything else (a no, an error) does not connect. */
  private async confirmed(host: string, systemUser: GrantedSystemUser, ask: () => Promise<boolean>): Promise<boolean> {
    let allowed: boolean;
    try {
      allowed = await ask();
    } catch (error) {
      this.write(`${red(this.say('connect.unchecked', { host, error: (error as Error).message }))}\r\n`);
      return false;
    }
    if (!allowed) this.write(`${red(this.say('connect.refused', { host, systemUser: systemUser.name }))}\r\n`);
    return allowed;
  }
}
