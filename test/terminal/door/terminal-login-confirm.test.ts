// Login confirmation at the terminal's SSH door: a user whose sign-ins wait for a reviewer cannot wait at
// the door, so the door refuses them and says why (keyboard-interactive instructions, which OpenSSH
// prints); the refusal is in the login log. Without reviewers the same user gets in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ssh2 from 'ssh2';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { PASSWORD } from '../../server/helpers.ts';
import { terminalWorld } from '../../server/support/terminal-world.ts';

/** Signs in with the password; resolves the menu, or rejects with the instructions the door sent. */
function signIn(port: number, username: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    const told: string[] = [];
    client.once('error', (error) => {
      client.end();
      reject(Object.assign(error, { told }));
    });
    client.once('ready', () => {
      client.shell({ term: 'xterm', cols: 120, rows: 40 }, (error, stream) => {
        if (error) return reject(error);
        let shown = '';
        stream.on('data', (data: Buffer) => {
          shown += data.toString('utf8');
          if (shown.includes('Opt> ')) {
            client.end();
            resolve(shown);
          }
        });
      });
    });
    let triedKeyboard = false;
    client.connect({
      host: '127.0.0.1',
      port,
      username,
      readyTimeout: 10_000,
      authHandler: (methodsLeft, _partial, next) => {
        if (methodsLeft === null) return next({ type: 'password', username, password: PASSWORD });
        if (methodsLeft.includes('keyboard-interactive') && !triedKeyboard) {
          triedKeyboard = true;
          return next({
            type: 'keyboard-interactive',
            username,
            prompt: (_name, instructions, _lang, _asked, finish) => {
              told.push(instructions);
              finish(['']);
            },
          });
        }
        return (next as unknown as (stop: false) => void)(false);
      },
    });
  });
}

test('the SSH door refuses a user waiting for login confirmation, with the reason', async (t) => {
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  const admin = db.prepare("SELECT id FROM users WHERE username = 'admin'").pluck().get() as string;
  const setting = uuid();
  db.prepare(
    "INSERT INTO login_confirm_settings (id, user_id, is_active, date_created, date_updated) VALUES (?, ?, 1, '2024-01-01', '2024-01-01')",
  ).run(setting, world.user.id);
  db.prepare('INSERT INTO login_confirm_reviewers (setting_id, user_id) VALUES (?, ?)').run(setting, admin);
  world.app.bastion.settings.set('LOGIN_CONFIRM_ENABLE', true, 'fixed');

  const refused = await signIn(world.terminal.sshPort, world.user.username).then(
    () => null,
    (error: Error & { told?: string[] }) => error,
  );
  assert.ok(refused, 'no menu for a user waiting for confirmation');
  assert.match((refused.told ?? []).join('\n'), /登录需要复核|Login confirm required/);
  const last = db
    .prepare('SELECT reason, status, type FROM login_logs WHERE username = ? ORDER BY rowid DESC LIMIT 1')
    .get(world.user.username);
  assert.deepEqual({ ...(last as object) }, { reason: 'login_confirm_required', status: 0, type: 'T' });

  world.app.bastion.settings.set('LOGIN_CONFIRM_ENABLE', false, 'fixed');
  assert.match(await signIn(world.terminal.sshPort, world.user.username), /Opt> /);
});
