// The files a signed-in user may reach through the door, as one virtual tree (2.3's koko): the root holds
// one folder per granted asset with SSH (its hostname), inside it one folder per granted SSH system user
// (its name), inside that the asset's own files from the system user's `sftp_root` (`tmp`, `home` or an
// absolute path). A user granted assets of several orgs gets one folder per org at the root first, so
// two orgs' assets never share a folder (koko's tree starts at each org's root node). Both file doors —
// SFTP over SSH (sftp-door.ts) and the web file manager (web-files.ts) — go through this one class, so
// the rules are the same: reading a file needs `download_file`; writing, creating, renaming, removing
// and changing attributes need `upload_file`; looking at names needs one of connect, upload_file or
// download_file. The decision is the grant engine's (`user/actions/`), asked when the operation comes;
// no answer is a no. Each operation 2.3 logs goes to the FTP log through the outbox, refused ones too.
import { randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import type { Attributes, FileEntry, SFTPWrapper } from 'ssh2';
import { ApiError } from '../delivery/api.ts';
import {
  assetEndpoint,
  gatewayEndpoint,
  userLabel,
  type GrantedAsset,
  type GrantedSystemUser,
  type TerminalUser,
} from '../session/grants.ts';
import type { FtpLogRecord } from '../delivery/outbox-jobs.ts';
import type { Services } from '../services.ts';
import type { StorageRefusal } from '../delivery/storage-health.ts';
import { connectAsset, type AssetConnection } from '../session/target.ts';
import { text, type Lang, type TextKey } from '../texts/texts.ts';

/** SFTP status codes (draft-ietf-secsh-filexfer-02), the answers every file door speaks. */
export const STATUS = {
  OK: 0,
  EOF: 1,
  NO_SUCH_FILE: 2,
  PERMISSION_DENIED: 3,
  FAILURE: 4,
  BAD_MESSAGE: 5,
  CONNECTION_LOST: 7,
  OP_UNSUPPORTED: 8,
} as const;

/** A refusal or failure of the door's own, with its words in both languages (the message: English). */
export class FileError extends Error {
  constructor(
    readonly code: number,
    readonly key: TextKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(text('en', key, params));
  }

  in(lang: Lang): string {
    return text(lang, this.key, this.params);
  }
}

/** The terminal's own disk refused what an operation must write first: the operation is not done. */
export class StorageFileError extends FileError {
  constructor(readonly refusal: StorageRefusal) {
    super(STATUS.FAILURE, 'storage.operation_not_done');
    this.message = refusal.in('en');
  }

  override in(lang: Lang): string {
    return this.refusal.in(lang);
  }
}

/** An Upload or Download under way: its row is written when it ends, saying whether it completed. */
export interface Transfer {
  end(completed: boolean): void;
  /** It never started (the asset's open failed, and that failure has its own row): the note goes, no row. */
  cancel(): void;
}

export type Operate = FtpLogRecord['operate'];
export type Need = 'browse' | 'download_file' | 'upload_file';

export interface FileOrigin {
  user: TerminalUser;
  remoteAddr: string;
}

interface AssetFolder {
  name: string;
  asset: GrantedAsset;
  systemUsers: Promise<SystemUserFolder[]> | null;
  loadedAt: number;
}
interface SystemUserFolder {
  name: string;
  systemUser: GrantedSystemUser;
}
interface OrgFolder {
  name: string;
  assets: Map<string, AssetFolder>;
}

/** Where a virtual path lands. `rest` is the path under the system user's root ('' = the root itself). */
export type Place =
  | { kind: 'root' }
  | { kind: 'org'; org: OrgFolder }
  | { kind: 'asset'; asset: AssetFolder }
  | { kind: 'inside'; asset: AssetFolder; su: SystemUserFolder; rest: string };

/** A place inside an asset's system user folder: where files are. */
export type Inside = Extract<Place, { kind: 'inside' }>;

/** One SFTP session per asset and system user. */
const connectionKey = (place: Inside) => `${place.asset.asset.id}/${place.su.systemUser.id}`;

/** An SFTP session on the asset as one system user, with the root its `sftp_root` names, resolved by the asset (confined.ts). */
export interface AssetSftp {
  sftp: SFTPWrapper;
  root: string;
  connection: AssetConnection;
}

/** The name an FTP log row gives: the path asked for until the operation says what it really touched. */
export interface RowName {
  filename: string;
}

const q = encodeURIComponent;
const BROWSE = ['connect', 'upload_file', 'download_file'];
/** The granted assets and system users shown are read again after this long (what may be done is asked every time). */
const LISTING_MS = 10_000;
const DIR_MODE = 0o040000;

/** A folder name from a hostname or a name: no `/` (koko's), never `.` or `..`, never empty. */
const folderName = (name: string) => {
  const cleaned = name.replace(/\//g, '_');
  return cleaned === '.' || cleaned === '..' || cleaned === '' ? `_${cleaned}` : cleaned;
};

/** `name`, or `name_`, `name__` … until it is not taken (koko's rule for two folders of one name). */
function unique(name: string, taken: Map<string, unknown>): string {
  let candidate = folderName(name);
  while (taken.has(candidate)) candidate += '_';
  return candidate;
}

/** The absolute virtual path of `path` (relative paths are from the root), without `.` and `..`. */
export function normalizeVirtual(path: string): string {
  const joined = posix.normalize(posix.join('/', path));
  return joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
}

export function virtualDirAttrs(writable = false): Attributes {
  const now = Math.floor(Date.now() / 1000);
  return { mode: DIR_MODE | (writable ? 0o755 : 0o555), uid: 0, gid: 0, size: 0, atime: now, mtime: now };
}

/** The root a system user's `sftp_root` names without asking the asset; null for its home. */
function fixedRoot(sftpRoot: string | undefined): string | null {
  const setting = (sftpRoot ?? 'tmp').trim();
  if (setting.toLowerCase() === 'tmp') return '/tmp';
  if (['home', '~', ''].includes(setting.toLowerCase())) return null;
  return posix.normalize(setting.startsWith('/') ? setting : `/${setting}`);
}

export class FileTree {
  private orgs: Map<string, OrgFolder> | null = null;
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly connections = new Map<string, Promise<AssetSftp>>();
  private closed = false;

  constructor(
    private readonly services: Services,
    readonly origin: FileOrigin,
  ) {}

  // ---- the tree --------------------------------------------------------------------------------

  /** Several orgs: the root lists org folders; one: the root is that org's folder. */
  private get byOrg(): boolean {
    return (this.orgs?.size ?? 0) > 1;
  }

  private async load(): Promise<void> {
    if (this.orgs && Date.now() - this.loadedAt < LISTING_MS) return;
    this.loading ??= (async () => {
      const assets = await this.services.api.all<GrantedAsset & { org_name?: string }>(
        `/api/v1/perms/users/${q(this.origin.user.id)}/assets/?protocol=ssh`,
      );
      const orgs = new Map<string, OrgFolder>();
      const byId = new Map<string, OrgFolder>();
      for (const asset of assets) {
        let org = byId.get(asset.org_id ?? '');
        if (!org) {
          org = { name: unique(asset.org_name || 'DEFAULT', orgs), assets: new Map() };
          byId.set(asset.org_id ?? '', org);
          orgs.set(org.name, org);
        }
        const name = unique(asset.hostname, org.assets);
        org.assets.set(name, { name, asset, systemUsers: null, loadedAt: 0 });
      }
      this.orgs = orgs;
      this.loadedAt = Date.now();
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** The system users of the asset this tree offers: SSH, automatic login, holding one of the file actions. */
  private systemUsers(folder: AssetFolder): Promise<SystemUserFolder[]> {
    if (!folder.systemUsers || Date.now() - folder.loadedAt > LISTING_MS) {
      folder.loadedAt = Date.now();
      folder.systemUsers = this.services.api
        .all<GrantedSystemUser & { sftp_root?: string }>(
          `/api/v1/perms/users/${q(this.origin.user.id)}/assets/${q(folder.asset.id)}/system-users/`,
        )
        .then((all) => {
          const taken = new Map<string, SystemUserFolder>();
          // Manual login asks for a password, which no SFTP client can be asked for here.
          for (const su of all.filter(
            (s) =>
              s.protocol === 'ssh' && s.login_mode !== 'manual' && (s.actions ?? []).some((a) => BROWSE.includes(a)),
          )) {
            const name = unique(su.name, taken);
            taken.set(name, { name, systemUser: su });
          }
          return [...taken.values()];
        });
      folder.systemUsers.catch(() => {
        folder.systemUsers = null;
      });
    }
    return folder.systemUsers;
  }

  /** The virtual path's place in the tree; null when nothing is there. */
  async locate(path: string): Promise<Place | null> {
    await this.load();
    const parts = normalizeVirtual(path).split('/').filter(Boolean);
    if (!parts.length) return { kind: 'root' };
    let org: OrgFolder | undefined;
    if (this.byOrg) {
      org = this.orgs!.get(parts.shift()!);
      if (!org) return null;
      if (!parts.length) return { kind: 'org', org };
    } else {
      org = [...this.orgs!.values()][0];
      if (!org) return null;
    }
    const asset = org.assets.get(parts.shift()!);
    if (!asset) return null;
    if (!parts.length) return { kind: 'asset', asset };
    const su = (await this.systemUsers(asset)).find((s) => s.name === parts[0]);
    if (!su) return null;
    return { kind: 'inside', asset, su, rest: parts.slice(1).join('/') };
  }

  /** The virtual folder of an asset and system user given by id (the web file manager's attributes). */
  async folderOf(assetId: string, systemUserId?: string): Promise<string | null> {
    await this.load();
    for (const org of this.orgs!.values()) {
      for (const folder of org.assets.values()) {
        if (folder.asset.id !== assetId) continue;
        const base = this.byOrg ? `/${org.name}/${folder.name}` : `/${folder.name}`;
        if (!systemUserId) return base;
        const su = (await this.systemUsers(folder)).find((s) => s.systemUser.id === systemUserId);
        return su ? `${base}/${su.name}` : null;
      }
    }
    return null;
  }

  /** The entries of a virtual folder (root, org, asset); null for a place inside an asset. */
  async virtualEntries(place: Place): Promise<FileEntry[] | null> {
    const entry = (name: string, writable = false): FileEntry => {
      const attrs = virtualDirAttrs(writable);
      const date = new Date(attrs.mtime * 1000).toUTCString().slice(5, 16);
      return {
        filename: name,
        longname: `d${writable ? 'rwxr-xr-x' : 'r-xr-xr-x'}    1 root     root            0 ${date} ${name}`,
        attrs,
      };
    };
    if (place.kind === 'root') {
      if (this.byOrg) return [...this.orgs!.keys()].map((name) => entry(name));
      const only = [...this.orgs!.values()][0];
      return only ? [...only.assets.keys()].map((name) => entry(name)) : [];
    }
    if (place.kind === 'org') return [...place.org.assets.keys()].map((name) => entry(name));
    if (place.kind === 'asset') return (await this.systemUsers(place.asset)).map((su) => entry(su.name, true));
    return null;
  }

  // ---- what may be done ------------------------------------------------------------------------

  /** The grant engine's actions for this user on the asset as the system user; an error is no action. */
  async actions(place: Inside): Promise<string[]> {
    const query = `user_id=${q(this.origin.user.id)}&asset_id=${q(place.asset.asset.id)}&system_user_id=${q(place.su.systemUser.id)}`;
    try {
      const answer = await this.services.api.get<{ actions?: unknown }>(
        `/api/v1/perms/asset-permissions/user/actions/?${query}`,
      );
      return Array.isArray(answer?.actions) ? answer.actions.map(String) : [];
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 403 || error.status === 404))) {
        this.services.log(
          `file door: the grant engine did not answer for ${this.origin.user.username} on ${place.asset.asset.hostname}: ${(error as Error).message}`,
        );
      }
      return [];
    }
  }

  /** Throws a permission error unless the grant holds what `need` takes. */
  async require(place: Inside, need: Need): Promise<void> {
    const held = await this.actions(place);
    const ok = held.includes('all') || (need === 'browse' ? held.some((a) => BROWSE.includes(a)) : held.includes(need));
    if (!ok) {
      throw new FileError(
        STATUS.PERMISSION_DENIED,
        need === 'download_file'
          ? 'files.need_download'
          : need === 'upload_file'
            ? 'files.need_upload'
            : 'files.need_browse',
      );
    }
  }

  // ---- the asset's files -----------------------------------------------------------------------

  /** The SFTP session on the asset as this system user (opened once per tree), and its root. */
  connection(place: Inside): Promise<AssetSftp> {
    if (this.closed) return Promise.reject(new FileError(STATUS.CONNECTION_LOST, 'files.ended'));
    const key = connectionKey(place);
    let open = this.connections.get(key);
    if (!open) {
      open = this.openConnection(place).catch((error: Error) => {
        this.connections.delete(key);
        throw new FileError(STATUS.FAILURE, 'files.unreachable', {
          host: place.asset.asset.hostname,
          error: error.message,
        });
      });
      this.connections.set(key, open);
    }
    return open;
  }

  private async openConnection(place: Inside): Promise<AssetSftp> {
    const { api } = this.services;
    const [endpoint, gateway] = await Promise.all([
      assetEndpoint(api, this.origin.user, place.asset.asset, place.su.systemUser),
      gatewayEndpoint(api, place.asset.asset),
    ]);
    const connection = await connectAsset(endpoint, gateway, this.services.targets);
    try {
      const sftp = await new Promise<SFTPWrapper>((resolve, reject) =>
        connection.client.sftp((error, s) => (error ? reject(error) : resolve(s))),
      );
      // A dropped asset is reconnected on the next operation.
      connection.client.on('error', () => {});
      connection.client.once('close', () => this.connections.delete(connectionKey(place)));
      const root = await this.rootOf(sftp, (place.su.systemUser as { sftp_root?: string }).sftp_root);
      return { sftp, root, connection };
    } catch (error) {
      connection.close();
      throw error;
    }
  }

  /**
   * `tmp` → /tmp, `home` (or nothing) → the system user's home, anything else an absolute path (koko's);
   * as the asset resolves it (a root that is itself a link is where it leads), so that every path below
   * can be compared with it after the asset resolved that one too (confined.ts).
   */
  private async rootOf(sftp: SFTPWrapper, sftpRoot: string | undefined): Promise<string> {
    return call<string>((done) => sftp.realpath(fixedRoot(sftpRoot) ?? '.', done));
  }

  /** The asset's own path of a place inside it. */
  static real(conn: AssetSftp, place: Inside): string {
    return posix.join(conn.root, place.rest);
  }

  /** The same for the FTP log, also when no session was opened (a refusal): `~/…` under a home root not read yet. */
  static pathOf(place: Inside, conn: AssetSftp | null): string {
    if (conn) return FileTree.real(conn, place);
    return posix.join(fixedRoot((place.su.systemUser as { sftp_root?: string }).sftp_root) ?? '~', place.rest);
  }

  /** The place of `path`, which must be inside an asset's system user folder (writes cannot be elsewhere). */
  async inside(path: string): Promise<Inside> {
    const place = await this.locate(path);
    if (!place) throw new FileError(STATUS.NO_SUCH_FILE, 'files.no_such_file');
    if (place.kind !== 'inside') throw new FileError(STATUS.PERMISSION_DENIED, 'files.virtual');
    return place;
  }

  // ---- the FTP log -----------------------------------------------------------------------------

  private record(place: Inside, operate: Operate, filename: string, ok: boolean): FtpLogRecord {
    return {
      id: randomUUID(),
      user: userLabel(this.origin.user),
      remote_addr: this.origin.remoteAddr,
      asset: place.asset.asset.hostname,
      system_user: place.su.systemUser.name,
      org_id: place.asset.asset.org_id ?? '',
      user_id: this.origin.user.id,
      asset_id: place.asset.asset.id,
      system_user_id: place.su.systemUser.id,
      operate,
      filename: filename.slice(0, 1024),
      is_success: ok,
    };
  }

  /** One FTP log row, journaled before anything is sent (outbox.ts). */
  log(place: Inside, operate: Operate, filename: string, ok: boolean): void {
    this.services.outbox.ftpLog(this.record(place, operate, filename, ok));
  }

  /**
   * A transfer starts: its row is noted on disk (`transfers/` in the data dir) before the asset's file is
   * opened, and written to the FTP log when it ends — completed or not: an upload cut off (the channel
   * closed early, the asset failing) is a row that says it did not complete, and so is one whose terminal
   * was killed (the next start logs the notes it finds). A note the disk refuses refuses the transfer.
   */
  beginTransfer(place: Inside, operate: 'Upload' | 'Download', filename: string): Transfer {
    const record = this.record(place, operate, filename, false);
    const refused = this.services.transfers.put(record.id, record);
    if (refused) throw new StorageFileError(refused.meaning('storage.operation_not_done'));
    let ended = false;
    return {
      end: (completed) => {
        if (ended) return;
        ended = true;
        this.services.outbox.ftpLog({ ...record, is_success: completed });
        this.services.transfers.remove(record.id);
      },
      cancel: () => {
        ended = true;
        this.services.transfers.remove(record.id);
      },
    };
  }

  /**
   * Runs a logged operation: the grant checked, then `run` on the asset; the row says whether it went
   * through, under the name `run` gives it once it knows the real path (else the path asked for). A
   * refusal is logged too (not successful), then answered as a permission error. `rowAtEnd`: the
   * operation is a transfer whose row is written when it ends (beginTransfer), not here.
   */
  async logged<T>(
    place: Inside,
    need: Need,
    operate: Operate,
    filename: (conn: AssetSftp | null) => string,
    run: (conn: AssetSftp, row: RowName) => Promise<T>,
    rowAtEnd = false,
  ): Promise<T> {
    try {
      await this.require(place, need);
    } catch (error) {
      this.log(place, operate, filename(null), false);
      throw error;
    }
    const conn = await this.connection(place);
    const row: RowName = { filename: filename(conn) };
    try {
      const result = await run(conn, row);
      if (!rowAtEnd) this.log(place, operate, row.filename, true);
      return result;
    } catch (error) {
      this.log(place, operate, row.filename, false);
      throw error;
    }
  }

  close(): void {
    this.closed = true;
    for (const open of this.connections.values())
      open.then(
        (conn) => conn.connection.close(),
        () => {},
      );
    this.connections.clear();
  }
}

/** `(error, value)` callbacks of ssh2's SFTP client as promises; its status errors keep their code. */
export function call<T>(start: (done: (error: Error | null | undefined, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => start((error, value) => (error ? reject(error) : resolve(value as T))));
}

/** The SFTP status an error answers: the asset's own, ours, or a failure. */
export function statusOf(error: unknown): number {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && code > 0 && code <= 8 ? code : STATUS.FAILURE;
}
