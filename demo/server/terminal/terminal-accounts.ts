// A terminal and its App service account with one access key, made together (v2 registration, or a
// superuser adding one on the terminals list); the account's username is the terminal's name.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { defaultExpiry, isoAt } from '../core/lib/time.ts';
import { sealColumns } from '../core/secrets/sealed-columns.ts';

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
  return (
    !!db.prepare('SELECT 1 FROM terminals WHERE name = ? AND is_deleted = 0').get(name) ||
    !!db.prepare('SELECT 1 FROM users WHERE username = ? OR email = ?').get(name, `${name}@local.domain`)
  );
}

export function createTerminal(
  db: DB,
  terminal: NewTerminal,
  nowMs: number,
): { id: string; serviceAccount: ServiceAccount } {
  const stamp = isoAt(nowMs);
  const userId = uuid();
  const id = uuid();
  const key = { id: uuid(), secret: uuid() };
  db.transaction(() => {
    db.prepare(
      `INSERT INTO users (id, username, name, email, role, password_hash, comment, is_first_login, date_expired,
      date_joined, created_by) VALUES (?, ?, ?, ?, 'App', NULL, ?, 0, ?, ?, 'System')`,
    ).run(
      userId,
      terminal.name,
      terminal.name,
      `${terminal.name}@local.domain`,
      terminal.comment,
      defaultExpiry(nowMs),
      stamp,
    );
    const stored = sealColumns(db, 'access_keys', { secret: key.secret });
    db.prepare('INSERT INTO access_keys (id, secret, user_id, is_active, date_created) VALUES (?, ?, ?, 1, ?)').run(
      key.id,
      stored.secret,
      userId,
      stamp,
    );
    db.prepare(
      `INSERT INTO terminals (id, name, remote_addr, ssh_port, http_port, command_storage, replay_storage, user_id, is_accepted, comment, date_created)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      terminal.name,
      terminal.remoteAddr,
      terminal.sshPort ?? 2222,
      terminal.httpPort ?? 5000,
      terminal.commandStorage ?? 'default',
      terminal.replayStorage ?? 'default',
      userId,
      terminal.accepted ? 1 : 0,
      terminal.comment,
      stamp,
    );
  })();
  return { id, serviceAccount: { id: userId, name: terminal.name, access_key: key } };
}
