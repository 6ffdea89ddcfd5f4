// The connect action at the terminal's doors: an asset granted without it (upload and download only) is
// not listed, found or opened at the SSH door; of an asset's system users only those granted connect are
// offered; right before a session opens the door asks the grant engine (user/validate/) again and does
// not connect on a no or on an error; the web terminal's tokens are refused without connect.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { ApiError, type Api } from '../../../demo/terminal/delivery/api.ts';
import { confirmConnect, type GrantedAsset, type GrantedSystemUser } from '../../../demo/terminal/session/grants.ts';
import { bearer, PASSWORD } from '../../server/helpers.ts';
import { world as perms } from '../../server/perms/perms-world.ts';
import { sshScreen, webScreen } from '../../server/support/terminal-screen.ts';
import { terminalWorld, type TerminalWorld } from '../../server/support/terminal-world.ts';

const PROMPT = /\$ $/;

/** Assets on the private sshd beside the world's td-target, each with its own permission for td-alice. */
function grants(world: TerminalWorld) {
  const db = world.app.bastion.db;
  const w = perms(db, Date.now());
  const { sshd } = world;
  const asset = (hostname: string) => {
    const id = w.asset(hostname, [orgRoot(db, '')], { protocols: `ssh/${sshd.port}` });
    db.prepare("UPDATE assets SET ip = '127.0.0.1' WHERE id = ?").run(id);
    return id;
  };
  const systemUser = (name: string, priority: number, manual = false) => {
    const id = w.systemUser(name, 'ssh', priority);
    db.prepare('UPDATE system_users SET username = ?, password = ?, login_mode = ? WHERE id = ?').run(
      sshd.username,
      manual ? '' : seal(db, sshd.password),
      manual ? 'manual' : 'auto',
      id,
    );
    return id;
  };
  const users = [world.user.id];
  const files = asset('td-files');
  w.permission('td-files-grant', {
    users,
    assets: [files],
    systemUsers: [world.ids.systemUser],
    actions: ['upload_file', 'download_file'],
  });
  // td-mixed: td-ssh may connect, td-ssh-nc (higher priority, working credentials) may only download.
  const mixed = asset('td-mixed');
  const noConnect = systemUser('td-ssh-nc', 90);
  w.permission('td-mixed-connect', {
    users,
    assets: [mixed],
    systemUsers: [world.ids.systemUser],
    actions: ['connect'],
  });
  w.permission('td-mixed-files', { users, assets: [mixed], systemUsers: [noConnect], actions: ['download_file'] });
  const late = asset('td-late');
  const lateGrant = w.permission('td-late-grant', {
    users,
    assets: [late],
    systemUsers: [systemUser('td-manual', 10, true)],
  });
  const web = asset('td-web');
  const webGrant = w.permission('td-web-grant', { users, assets: [web], systemUsers: [world.ids.systemUser] });
  return { files, mixed, late, lateGrant, web, webGrant };
}

test('the SSH door offers and opens only what the user may connect to', async (t) => {
  const world = await terminalWorld(t);
  const ids = grants(world);
  const sessionsOn = async (hostname: string) =>
    ((await world.admin('GET', `/api/v1/terminal/sessions/?asset=${hostname}`)).json as unknown[]).length;
  const signIn = async () => {
    const screen = await sshScreen(world.terminal.sshPort, { username: world.user.username, password: PASSWORD });
    t.after(() => screen.close());
    await screen.waitFor('Opt> ');
    return screen;
  };

  await t.test('an asset granted upload and download only is neither listed, found nor opened', async () => {
    const screen = await signIn();
    screen.mark();
    screen.send('p\r');
    const listing = await screen.waitFor(/assets\.\r\n.*Opt> $/s);
    assert.match(listing, /td-late[\s\S]*td-mixed[\s\S]*td-target[\s\S]*td-web/);
    assert.doesNotMatch(listing, /td-files/);
    assert.match(listing, /4 assets\./);
    screen.mark();
    screen.send('/td-files\r');
    assert.match(await screen.waitFor('Opt> '), /No granted asset matches/);
    // The finding: its hostname typed at the menu opened a shell.
    screen.mark();
    screen.send('td-files\r');
    const answer = await screen.waitFor('Opt> ');
    assert.match(answer, /No granted asset matches/);
    assert.doesNotMatch(answer, /Connecting/);
    assert.equal(await sessionsOn('td-files'), 0);
  });

  await t.test('of the system users only those granted connect are offered', async () => {
    const screen = await signIn();
    screen.mark();
    screen.send('td-mixed\r');
    // td-ssh-nc ranks first and would be asked about; with it left out, td-ssh opens at once.
    const opened = await screen.waitFor(PROMPT);
    assert.match(opened, /Connecting to td-ssh@td-mixed/);
    assert.doesNotMatch(opened, /System user number|td-ssh-nc/);
    screen.send('exit\r');
    await screen.waitFor('Opt> ');
  });

  await t.test(
    'the grant engine is asked right before connecting: connect taken away meanwhile, no session',
    async () => {
      const screen = await signIn();
      screen.send('td-late\r');
      await screen.waitFor(`Password for ${world.sshd.username}@td-late: `);
      // While the user types the password, an administrator takes connect away.
      const changed = await world.admin('PATCH', `/api/v1/perms/asset-permissions/${ids.lateGrant}/`, {
        actions: ['upload_file', 'download_file'],
      });
      assert.equal(changed.status, 200, changed.body);
      screen.mark();
      screen.send(`${world.sshd.password}\r`);
      const refused = await screen.waitFor('Opt> ');
      assert.match(refused, /You may not connect to td-late as td-manual: no permission grants you the connect action/);
      assert.doesNotMatch(refused, /Connecting/);
      assert.equal(await sessionsOn('td-late'), 0);
    },
  );

  await t.test('no answer from the grant engine is a no', async () => {
    const api = world.terminal.services.api;
    const get = api.get.bind(api);
    api.get = ((path: string) =>
      path.includes('/user/validate/')
        ? Promise.reject(new ApiError(502, 'Bad Gateway', path))
        : get(path)) as Api['get'];
    t.after(() => {
      api.get = get;
    });
    const screen = await signIn();
    screen.mark();
    screen.send('td-target\r');
    const refused = await screen.waitFor('Opt> ');
    assert.match(
      refused,
      /Your permission to connect to td-target could not be confirmed, so the connection is not made: .*502/,
    );
    assert.equal(await sessionsOn('td-target'), 0);
  });

  await t.test(
    'the web terminal: no token without connect, and a token minted before connect was taken away is refused',
    async () => {
      const asUser = await bearer(world.app, world.user.username);
      const mint = (asset: string) =>
        world.app.inject({
          method: 'POST',
          url: '/api/v1/users/connection-token/',
          headers: { ...asUser, 'accept-language': 'en' },
          payload: { asset, system_user: world.ids.systemUser },
        });
      const refused = await mint(ids.files);
      assert.equal(refused.statusCode, 403, refused.body);
      const minted = await mint(ids.web);
      assert.equal(minted.statusCode, 201, minted.body);
      const changed = await world.admin('PATCH', `/api/v1/perms/asset-permissions/${ids.webGrant}/`, {
        actions: ['upload_file', 'download_file'],
      });
      assert.equal(changed.status, 200, changed.body);
      const screen = await webScreen(
        `${world.proxyUrl}?token=${minted.json().token}&cols=80&rows=24`,
        await world.browser(world.user.username),
      );
      await screen.closed;
      assert.match(screen.closeReasons.join(), /The connection token is invalid or expired/);
      assert.doesNotMatch(screen.text(), /Connecting/);
      assert.equal(await sessionsOn('td-web'), 0);
    },
  );
});

test('confirmConnect: only the answer {msg: true} is a yes; a refusal is a no; anything else throws', async () => {
  const asset = { id: 'a' } as GrantedAsset;
  const systemUser = { id: 's' } as GrantedSystemUser;
  const user = { id: 'u', username: 'u', name: 'u' };
  const answering = (answer: () => Promise<unknown>) => ({ get: answer }) as unknown as Api;
  const ask = (answer: () => Promise<unknown>) => confirmConnect(answering(answer), user, asset, systemUser);
  assert.equal(await ask(async () => ({ msg: true })), true);
  assert.equal(await ask(async () => ({ msg: 'true' })), false);
  assert.equal(await ask(async () => null), false);
  assert.equal(await ask(() => Promise.reject(new ApiError(403, { msg: false }, 'validate'))), false);
  assert.equal(
    await ask(() => Promise.reject(new ApiError(404, { detail: 'Asset object does not exist.' }, 'validate'))),
    false,
  );
  await assert.rejects(
    ask(() => Promise.reject(new ApiError(500, 'oops', 'validate'))),
    /500/,
  );
  await assert.rejects(
    ask(() => Promise.reject(new TypeError('fetch failed'))),
    /fetch failed/,
  );
});
