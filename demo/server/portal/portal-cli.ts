// Registers a portal with the authorization server, beside the server, on the same data folder
// (`npm run portal -- add …` runs the same):
//   DATA_DIR=./data npx tsx demo/server/portal/portal-cli.ts add <client_id> <name> <redirect_uri>...
//   DATA_DIR=./data npx tsx demo/server/portal/portal-cli.ts list
//   DATA_DIR=./data npx tsx demo/server/portal/portal-cli.ts remove <client_id>
// A client's redirect URIs count only while their origin is on BASTION_CORS_ORIGINS. Removing a client
// ends every token issued to it.
import { join, resolve } from 'node:path';
import { closeDatabase, openDatabase } from '../core/db/open.ts';
import { SECRET_KEY_ENV } from '../core/secrets/secret-key.ts';
import { listPortalClients, removePortalClient, savePortalClient } from './clients.ts';

const [command, clientId, name, ...redirectUris] = process.argv.slice(2);
const usage = 'usage: portal-cli.ts add <client_id> <name> <redirect_uri>... | list | remove <client_id>';
const dataDir = resolve(process.env.DATA_DIR || './data');
const db = openDatabase(join(dataDir, 'bastion.sqlite3'), { dir: dataDir, given: process.env[SECRET_KEY_ENV] });
try {
  if (command === 'add' && clientId && name && redirectUris.length) {
    savePortalClient(db, { clientId, name, redirectUris, createdBy: 'portal-cli' }, Date.now());
    console.log(`portal client ${clientId} registered: ${redirectUris.join(' ')}`);
  } else if (command === 'list') {
    for (const client of listPortalClients(db))
      console.log(`${client.client_id}\t${client.name}\t${client.redirect_uris.join(' ')}`);
  } else if (command === 'remove' && clientId) {
    console.log(
      removePortalClient(db, clientId) ? `portal client ${clientId} removed` : `no portal client ${clientId}`,
    );
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  closeDatabase(db);
}
