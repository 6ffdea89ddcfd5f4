// LOGIN_CONFIRM_ENABLE for the login confirmation browser test: 2.3 reads it from its config file, the
// reference server from its environment at start (not the settings API), so the test runner's process
// switches it in the server's database, as a restart with LOGIN_CONFIRM_ENABLE=1 would (the server reads
// settings at the moment of use). Nothing of this is reachable over HTTP.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { referenceServer } from './reference-server.mjs';

function setLoginConfirm(on) {
  if (!referenceServer.dataDir) return false;
  const db = new Database(join(referenceServer.dataDir, 'bastion.sqlite3'), { fileMustExist: true });
  try {
    db.prepare(
      `INSERT INTO settings (name, value, category) VALUES ('LOGIN_CONFIRM_ENABLE', ?, 'fixed')
      ON CONFLICT(name) DO UPDATE SET value = excluded.value`,
    ).run(JSON.stringify(Boolean(on)));
    return true;
  } finally {
    db.close();
  }
}

/** wtr plugin: `executeServerCommand('login-confirm-enable', { on })` -> true once written. */
export function loginConfirmFixturePlugin() {
  return {
    name: 'login-confirm-fixture',
    async executeCommand({ command, payload }) {
      if (command === 'login-confirm-enable') return setLoginConfirm(payload?.on);
      return undefined;
    },
  };
}
