// Issues (or, with --revoke, removes) a user's private token for `Authorization: Token <key>`, as 2.3's
// operators did in the Django shell. Run beside the server, on the same data folder and secret key:
//   DATA_DIR=./data npx tsx demo/server/core/auth/private-token-cli.ts <username> [--revoke]
// The key is printed once: the database keeps only its hash. A new key replaces the previous one.
import { join, resolve } from 'node:path';
import { closeDatabase, openDatabase } from '../db/open.ts';
import { SECRET_KEY_ENV } from '../secrets/secret-key.ts';
import { issuePrivateToken, revokePrivateToken } from './private-token.ts';
import { userIdByUsername } from './user-read-store.ts';

const [username, flag] = process.argv.slice(2);
if (!username || (flag && flag !== '--revoke')) {
  console.error('usage: private-token-cli.ts <username> [--revoke]');
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR || './data');
const db = openDatabase(join(dataDir, 'bastion.sqlite3'), { dir: dataDir, given: process.env[SECRET_KEY_ENV] });
try {
  const user = userIdByUsername(db, username);
  if (!user) {
    console.error(`no user named ${username}`);
    process.exitCode = 1;
  } else if (flag === '--revoke') {
    console.log(
      revokePrivateToken(db, user.id) ? `private token of ${username} removed` : `${username} had no private token`,
    );
  } else {
    if (!user.is_active) console.error(`warning: ${username} is disabled; the token works once the user is active`);
    console.log(issuePrivateToken(db, user.id, Date.now()));
  }
} finally {
  closeDatabase(db);
}
