// A terminal and its App service account with one access key, made together (v2 registration, or a
// superuser adding one on the terminals list); the account's username is the terminal's name.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { defaultExpiry, isoAt } from '../core/lib/time.ts';
import { sealColumns } from '../core/secrets/sealed-columns.ts';
import { insertUser, usernameOrEmailTaken } from '../users/user-store.ts';
import { insertAccessKey } from './access-key-store.ts';
import { insertTerminal, liveTerminalNamed } from './terminal-store.ts';

export interface NewTerminal {
  name: string;
  comment: string;
  remoteAddr: string;
  accepted: boolean;
  sshPort?: number;
  httpPort?: number;
  commandStorage?: string;
  replayStorage?: string;
}
export interface ServiceAccount {
  id: string;
  name: string;
  access_key: { id: string; secret: string };
}

/** Whether `name` is free for a new terminal: no live terminal and no user account holds it. */
export function terminalNameTaken(db: DB, name: string): boolean {
  return liveTerminalNamed(db, name) || usernameOrEmailTaken(db, name, `${name}@local.domain`);
}

/**
 * A service account (role App) with one access key, in the caller's transaction: the account's username and
 * name are the component's name. Answers the account and its key, the key's secret in clear this once.
 */
export function createServiceAccount(
  db: DB,
  account: { username: string; email: string; comment: string },
  nowMs: number,
): ServiceAccount {
  const stamp = isoAt(nowMs);
  const id = uuid();
  const key = { id: uuid(), secret: uuid() };
  insertUser(db, {
    id,
    username: account.username,
    name: account.username,
    email: account.email,
    role: 'App',
    password_hash: null,
    comment: account.comment,
    is_first_login: 0,
    date_expired: defaultExpiry(nowMs),
    date_joined: stamp,
    created_by: 'System',
  });
  const stored = sealColumns(db, 'access_keys', { secret: key.secret });
  insertAccessKey(db, key.id, stored.secret, id, stamp);
  return { id, name: account.username, access_key: key };
}

export function createTerminal(
  db: DB,
  terminal: NewTerminal,
  nowMs: number,
): { id: string; serviceAccount: ServiceAccount } {
  const stamp = isoAt(nowMs);
  const id = uuid();
  let serviceAccount!: ServiceAccount;
  db.transaction(() => {
    serviceAccount = createServiceAccount(
      db,
      { username: terminal.name, email: `${terminal.name}@local.domain`, comment: terminal.comment },
      nowMs,
    );
    insertTerminal(db, {
      id,
      name: terminal.name,
      remoteAddr: terminal.remoteAddr,
      sshPort: terminal.sshPort ?? 2222,
      httpPort: terminal.httpPort ?? 5000,
      commandStorage: terminal.commandStorage ?? 'default',
      replayStorage: terminal.replayStorage ?? 'default',
      userId: serviceAccount.id,
      accepted: terminal.accepted,
      comment: terminal.comment,
      dateCreated: stamp,
    });
  })();
  return { id, serviceAccount };
}
