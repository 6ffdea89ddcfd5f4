// The key the server signs web-terminal upgrades with (shared/proxy-signature.ts), made once and kept.
//
// Where it lives, and why there: in the database (a `settings` row no settings endpoint lists, read
// only by name), not in a setting an operator must provide — `npm start` needs nothing new — and not
// new at every start, since a terminal learns it from `terminals/config/` (at its start, then every
// minute) and a restarted server would leave it a minute of refused sockets. It is sealed like the other
// credentials (secrets/vault.ts): whoever reads the database file alone cannot sign an upgrade.
// Terminals get it from `terminals/config/`, which answers only App accounts of a registered, accepted
// terminal — the same accounts that may redeem connection tokens and read credentials themselves.
// Rotating it: delete the row; the next upgrade or config read makes a new one, and terminals pick
// it up within a minute.
import { randomBytes } from 'node:crypto';
import type { DB } from '../core/db/open.ts';
import { seal, unseal } from '../core/secrets/vault.ts';
import { insertSettingIfMissing, storedSettingValue } from '../settings/store.ts';

const NAME = 'TERMINAL_PROXY_SECRET';
const CATEGORY = 'terminal_proxy';

export function terminalProxySecret(db: DB): string {
  const read = () => storedSettingValue(db, NAME);
  let stored = read();
  if (stored === undefined) {
    // Of two first readers, one key wins and both read it back.
    insertSettingIfMissing(db, NAME, JSON.stringify(seal(db, randomBytes(32).toString('base64url'))), CATEGORY);
    stored = read()!;
  }
  return unseal(db, JSON.parse(stored) as string);
}
