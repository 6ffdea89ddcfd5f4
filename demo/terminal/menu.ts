// The SSH door's interactive menu: the user's granted assets (paged, searchable by hostname or IP,
// picked by number), then the asset's granted system users; a hostname or IP matching exactly one
// granted asset connects at once. Each connection is a TerminalSession; when it ends the menu returns.
import type { Services } from './services.ts';
import { grantedAssets, grantedSystemUsers, type GrantedAsset, type GrantedSystemUser } from './grants.ts';
import type { LineReader } from './line-reader.ts';
import { TerminalSession, type ManualLogin, type Origin, type UserScreen } from './session.ts';

export interface MenuIO {
  screen: UserScreen;
  reader: LineReader;
  /** The session that now receives the user's keys and window changes (null: the menu does). */
  attach(session: TerminalSession | null): void;
}

const bold = (text: string) => `\x1b[1m${text}\x1b[0m`;

export function helpText(origin: Origin): string {
  return [
    '',
    `  ${bold(origin.user.name)}, welcome to the bastion terminal.`,
    '',
    '  Type a number to open that asset from the list shown last.',
    '  Type a hostname or IP to open it directly, or any other text to search your assets.',
    '  /text  searches without opening     p  lists all your assets     n / b  next / previous page',
    '  h      shows this help again          q  quits',
    '',
  ].join('\r\n') + '\r\n';
}

function pad(text: string, width: number): string {
  const chars = [...text];
  return chars.length > width ? `${chars.slice(0, Math.max(0, width - 1)).join('')}…` : text + ' '.repeat(width - chars.length);
}

export class AssetMenu {
  private listing: GrantedAsset[] = [];
  private page = 0;

  constructor(private readonly services: Services, private readonly origin: Origin, private readonly io: MenuIO) {}

  private write(text: string): void { this.io.screen.write(text); }

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
      const line = await this.io.reader.read('Opt> ');
      if (line === null || line === 'q' || line === 'exit') return;
      try {
        await this.handle(line);
      } catch (error) {
        this.write(`\x1b[31mThe server could not answer: ${(error as Error).message}\x1b[0m\r\n`);
      }
    }
  }

  private async handle(line: string): Promise<void> {
    if (line === '') return;
    if (line === 'h') return this.write(helpText(this.origin));
    if (line === 'p') return this.show(await grantedAssets(this.services.api, this.origin.user), 0);
    if (line === 'n' || line === 'b') {
      if (!this.listing.length) return this.write('No list is shown yet: type p to list your assets.\r\n');
      return this.show(this.listing, this.page + (line === 'n' ? 1 : -1));
    }
    if (line.startsWith('/')) return this.show(await grantedAssets(this.services.api, this.origin.user, line.slice(1).trim()), 0);
    if (/^\d+$/.test(line)) {
      if (!this.listing.length) this.listing = await grantedAssets(this.services.api, this.origin.user);
      const asset = this.listing[Number(line) - 1];
      if (!asset) return this.write(`No asset has the number ${line} in the list.\r\n`);
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
    if (!assets.length) return this.write('No granted asset matches.\r\n');
    const size = this.pageSize();
    const pages = Math.ceil(assets.length / size);
    this.page = Math.min(Math.max(0, page), pages - 1);
    const width = Math.max(40, this.io.screen.cols);
    const idWidth = Math.max(3, String(assets.length).length + 1);
    const hostWidth = Math.min(32, Math.max(8, ...assets.map((a) => [...a.hostname].length)) + 1);
    const ipWidth = 16;
    const commentWidth = Math.max(8, width - idWidth - hostWidth - ipWidth - 4);
    const row = (id: string, host: string, ip: string, comment: string) =>
      `  ${pad(id, idWidth)}${pad(host, hostWidth)}${pad(ip, ipWidth)}${pad(comment, commentWidth)}`.replace(/\s+$/, '');
    const lines = [row('ID', 'Hostname', 'IP', 'Comment')];
    const start = this.page * size;
    assets.slice(start, start + size).forEach((asset, index) => {
      lines.push(row(String(start + index + 1), asset.hostname, asset.ip, (asset.comment ?? '').replace(/\s+/g, ' ')));
    });
    lines.push(pages > 1
      ? `  Page ${this.page + 1} of ${pages}, ${assets.length} assets: n next page, b previous page.`
      : `  ${assets.length} asset${assets.length === 1 ? '' : 's'}.`);
    this.write(`${lines.join('\r\n')}\r\n`);
  }

  private async chooseSystemUser(asset: GrantedAsset): Promise<GrantedSystemUser | null> {
    const systemUsers = await grantedSystemUsers(this.services.api, this.origin.user, asset);
    if (!systemUsers.length) {
      this.write(`No SSH system user is granted to you on ${asset.hostname}.\r\n`);
      return null;
    }
    if (systemUsers.length === 1) return systemUsers[0];
    this.write(`System users granted on ${asset.hostname}:\r\n`);
    systemUsers.forEach((su, index) => this.write(`  ${pad(String(index + 1), 4)}${su.name} (${su.username || 'same as your username'})\r\n`));
    for (;;) {
      const answer = await this.io.reader.read('System user number (Enter to go back)> ');
      if (answer === null || answer === '' || answer === 'q') return null;
      const chosen = systemUsers[Number(answer) - 1];
      if (/^\d+$/.test(answer) && chosen) return chosen;
      this.write(`No system user has the number ${answer}.\r\n`);
    }
  }

  private async open(asset: GrantedAsset): Promise<void> {
    const systemUser = await this.chooseSystemUser(asset);
    if (!systemUser) return;
    let manual: ManualLogin | undefined;
    if (systemUser.login_mode === 'manual') {
      const username = systemUser.username || (await this.io.reader.read(`Username for ${asset.hostname}: `));
      if (username === null || username === '') return;
      const password = await this.io.reader.read(`Password for ${username}@${asset.hostname}: `, true);
      if (password === null) return;
      manual = { username, password };
    }
    this.write(`Connecting to ${systemUser.name}@${asset.hostname} (${asset.ip}) ...\r\n`);
    let session: TerminalSession;
    try {
      session = await TerminalSession.open(this.services, this.origin, asset, systemUser, this.io.screen, manual);
    } catch (error) {
      this.write(`\x1b[31mCould not connect to ${asset.hostname}: ${(error as Error).message}\x1b[0m\r\n`);
      return;
    }
    this.io.attach(session);
    await session.ended;
    this.io.attach(null);
    this.write('\r\n');
  }
}
