// What a user needs to go through the terminal's door to the private sshd: a user (the demo password),
// an SSH system user with the sshd's credentials, an asset on the sshd's port and a permission between
// them — written straight into a database, as terminal-world.ts does for its in-process server.
import type { DB } from '../../../demo/server/core/db/open.ts';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { world } from '../perms/perms-world.ts';
import type { TestSshd } from './sshd.ts';

export interface DoorGrant {
  username: string;
  userId: string;
  asset: string;
  assetId: string;
  systemUserId: string;
}

export function grantSshdTarget(db: DB, sshd: TestSshd, username = 'td-alice'): DoorGrant {
  const w = world(db, Date.now());
  const userId = w.user(username);
  const systemUserId = w.systemUser('td-ssh', 'ssh', 20);
  db.prepare('UPDATE system_users SET username = ?, password = ? WHERE id = ?').run(
    sshd.username,
    seal(db, sshd.password),
    systemUserId,
  );
  const asset = 'td-target';
  const assetId = w.asset(asset, [orgRoot(db, '')], { protocols: `ssh/${sshd.port}` });
  db.prepare("UPDATE assets SET ip = '127.0.0.1', port = ? WHERE id = ?").run(sshd.port, assetId);
  w.permission('td-grant', { users: [userId], assets: [assetId], systemUsers: [systemUserId] });
  return { username, userId, asset, assetId, systemUserId };
}
