// MFA at the terminal's SSH door, as 2.3's koko asks it: the server answers the on-behalf sign-in of a
// user with MFA `mfa_required`; the door then asks the code in a keyboard-interactive prompt, answers
// mfa/challenge/ and lets the user in. A wrong code is refused (and logged); without the code, no entry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ssh2 from 'ssh2';
import { totpCode } from '../../../demo/server/auth/mfa/totp.ts';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { PASSWORD } from '../../server/helpers.ts';
import { terminalWorld } from '../../server/support/terminal-world.ts';

const SECRET = 'JBSWY3DPEHPK3PXP';

/** Signs in with the password, answering each keyboard-interactive prompt with the next of `codes`; resolves the menu text. */
function signInWithCodes(
  port: number,
  username: string,
  codes: string[],
): Promise<{ prompts: string[]; menu: string }> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    const prompts: string[] = [];
    const answers = [...codes];
    client.once('error', (error) => {
      client.end();
      reject(Object.assign(error, { prompts }));
    });
    client.once('ready', () => {
      client.shell({ term: 'xterm', cols: 120, rows: 40 }, (error, stream) => {
        if (error) return reject(error);
        let shown = '';
        stream.on('data', (data: Buffer) => {
          shown += data.toString('utf8');
          if (shown.includes('Opt> ')) {
            client.end();
            resolve({ prompts, menu: shown });
          }
        });
      });
    });
    client.connect({
      host: '127.0.0.1',
      port,
      username,
      readyTimeout: 10_000,
      authHandler: (methodsLeft, partial, next) => {
        if (methodsLeft === null) return next({ type: 'password', username, password: PASSWORD });
        if (methodsLeft.includes('keyboard-interactive') && answers.length) {
          return next({
            type: 'keyboard-interactive',
            username,
            prompt: (_name, _instructions, _lang, asked, finish) => {
              prompts.push(...asked.map((one) => one.prompt));
              finish([answers.shift() ?? '']);
            },
          });
        }
        return (next as unknown as (stop: false) => void)(false); // ssh2: false = no more methods (its types omit it)
      },
    });
  });
}

test('the SSH door asks a user with MFA for the code after the password', async (t) => {
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  db.prepare('UPDATE users SET mfa_level = 1, otp_secret_key = ? WHERE id = ?').run(seal(db, SECRET), world.user.id);
  const port = world.terminal.sshPort;
  const stale = totpCode(SECRET, Date.now() - 10 * 60_000);

  await t.test('no code, no entry', async () => {
    await assert.rejects(signInWithCodes(port, world.user.username, []), /authentication/i);
  });

  await t.test('a wrong code is refused and logged; the right one opens the menu', async () => {
    const { prompts, menu } = await signInWithCodes(port, world.user.username, [stale, totpCode(SECRET, Date.now())]);
    // Asked before the client's locale arrives (it comes with the shell's session): both languages.
    assert.deepEqual(prompts, ['MFA 验证码 / MFA code: ', 'MFA 验证码 / MFA code: ']);
    assert.match(menu, /Opt> /);
    const logs = db
      .prepare('SELECT reason, status, type, mfa FROM login_logs WHERE username = ? ORDER BY rowid DESC LIMIT 2')
      .all(world.user.username)
      .map((row) => ({ ...(row as object) }));
    assert.deepEqual(logs, [
      { reason: '', status: 1, type: 'T', mfa: 1 },
      { reason: 'mfa_failed', status: 0, type: 'T', mfa: 2 },
    ]);
  });

  await t.test('without MFA the password alone still signs in', async () => {
    db.prepare('UPDATE users SET mfa_level = 0, otp_secret_key = NULL WHERE id = ?').run(world.user.id);
    const { prompts, menu } = await signInWithCodes(port, world.user.username, []);
    assert.deepEqual(prompts, []);
    assert.match(menu, /Opt> /);
  });
});
