// The doors speak the user's language, as the console does: Chinese by default, English on request. The
// SSH door reads the locale the client sends (LC_ALL, LC_MESSAGES, LANG: OpenSSH's SendEnv), the web door
// the Accept-Language the server's proxy names on the upgrade (the console's language).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import { langOfAcceptLanguage, langOfLocale } from '../../../demo/terminal/texts/language.ts';
import { widthOf } from '../../../demo/terminal/texts/text-width.ts';
import { text, TEXTS, type TextKey } from '../../../demo/terminal/texts/texts.ts';
import { bearer, PASSWORD } from '../../server/helpers.ts';
import { world as perms } from '../../server/perms/perms-world.ts';
import { sshScreen, webScreen } from '../../server/support/terminal-screen.ts';
import { terminalWorld } from '../../server/support/terminal-world.ts';

const PROMPT = /\$ $/;

test('the language of a locale and of an Accept-Language header', () => {
  assert.equal(langOfLocale({}), 'zh', 'nothing sent: the console default');
  assert.equal(langOfLocale({ LANG: 'zh_CN.UTF-8' }), 'zh');
  assert.equal(langOfLocale({ LANG: 'zh_TW.Big5' }), 'zh');
  for (const locale of ['en_US.UTF-8', 'en_GB', 'C', 'C.UTF-8', 'POSIX'])
    assert.equal(langOfLocale({ LANG: locale }), 'en', locale);
  assert.equal(langOfLocale({ LANG: 'de_DE.UTF-8' }), 'en', 'a language the doors do not speak: the fallback');
  assert.equal(langOfLocale({ LANG: 'zh_CN.UTF-8', LC_ALL: 'en_US.UTF-8' }), 'en', 'LC_ALL first');
  assert.equal(langOfLocale({ LANG: 'en_US.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8' }), 'zh', 'LC_MESSAGES before LANG');
  assert.equal(langOfLocale({ LANG: 'zh_CN.UTF-8', LC_ALL: '' }), 'zh', 'an empty variable is unset');
  assert.equal(langOfAcceptLanguage('zh-hans'), 'zh');
  assert.equal(langOfAcceptLanguage('en'), 'en');
  assert.equal(langOfAcceptLanguage('fr-FR, en;q=0.8'), 'en');
  assert.equal(langOfAcceptLanguage(undefined), 'zh');
});

test('every text is in both languages, with the same placeholders', () => {
  const placeholders = (words: string) => [...words.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [key, both] of Object.entries(TEXTS)) {
    assert.ok(both.zh && both.en, key);
    assert.deepEqual(placeholders(both.zh), placeholders(both.en), key);
  }
  assert.equal(
    text('zh', 'session.forbidden', { command: 'rm -rf /', rule: 'rm' }),
    '命令 "rm -rf /" 被禁止：它匹配命令过滤器的规则 "rm"。',
  );
  assert.equal(
    text('en', 'session.forbidden', { command: 'rm -rf /', rule: 'rm' }),
    'Command "rm -rf /" is forbidden: it matches the rule "rm" of the command filter.',
  );
  assert.equal(text(undefined, 'door.bye'), '再见。', 'no language known: Chinese');
  const sessionKeys: TextKey[] = [
    'session.forbidden',
    'session.killed',
    'session.idle',
    'session.stopping',
    'session.unsure',
    'session.typeahead',
  ];
  assert.match(text('en', sessionKeys[4]), /could not be read with certainty/);
  assert.match(text('en', sessionKeys[5]), /type the command again at the prompt/);
});

test('the doors in Chinese and in English', async (t) => {
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  // An asset nobody listens for, with a long Chinese name: its refusal is a close reason over 123 bytes.
  const far = perms(db, Date.now()).asset(
    '数据库主机-北京一号机房-第三排-第十二号机柜-生产环境-主库',
    [orgRoot(db, '')],
    { protocols: 'ssh/1' },
  );
  db.prepare("UPDATE assets SET ip = '127.0.0.1' WHERE id = ?").run(far);
  perms(db, Date.now()).permission('td-far', {
    users: [world.user.id],
    assets: [far],
    systemUsers: [world.ids.systemUser],
  });
  const login = (env: Record<string, string>) =>
    sshScreen(world.terminal.sshPort, { username: world.user.username, password: PASSWORD, env });

  await t.test('LANG=zh_CN.UTF-8: the menu, its listing and messages in Chinese, columns in line', async () => {
    const screen = await login({ LANG: 'zh_CN.UTF-8' });
    t.after(() => screen.close());
    const help = await screen.waitFor('Opt> ');
    assert.match(help, /td-alice，欢迎使用堡垒机终端。/);
    assert.match(help, /输入编号：打开最近一次列表中该编号的资产。/);
    screen.mark();
    screen.send('p\r');
    const listing = await screen.waitFor(/共 2 个资产。\r\n.*Opt> $/s);
    const lines = listing.split('\r\n');
    const header = lines.find((line) => line.includes('主机名'))!;
    assert.match(header, /编号\s+主机名\s+IP\s+备注/);
    const row = lines.find((line) => / td-target /.test(line))!;
    // Where the hostname column starts, counted in terminal columns (a Chinese character takes two).
    assert.equal(widthOf(row.slice(0, row.indexOf('td-target'))), widthOf(header.slice(0, header.indexOf('主机名'))));
    screen.mark();
    screen.send('no-such-host\r');
    assert.match(await screen.waitFor('Opt> '), /没有匹配的已授权资产。/);
    screen.mark();
    screen.send('td-target\r');
    assert.match(await screen.waitFor(PROMPT), /正在连接 td-ssh@td-target \(127\.0\.0\.1\) \.\.\./);
    screen.send('exit\r');
    await screen.waitFor('Opt> ');
    screen.mark();
    screen.send('q\r');
    await screen.closed;
    assert.match(screen.text(), /再见。/);
  });

  await t.test('a client that sends no locale gets Chinese, the console default; LC_ALL wins over LANG', async () => {
    const silent = await login({});
    t.after(() => silent.close());
    assert.match(await silent.waitFor('Opt> '), /欢迎使用堡垒机终端/);
    const english = await login({ LANG: 'zh_CN.UTF-8', LC_ALL: 'en_US.UTF-8' });
    t.after(() => english.close());
    const help = await english.waitFor('Opt> ');
    assert.match(help, /welcome to the bastion terminal/);
    assert.doesNotMatch(help, /欢迎/);
  });

  await t.test('the web terminal speaks the language the server names: Chinese by default', async () => {
    const alice = await world.browser(world.user.username);
    const asUser = await bearer(world.app, world.user.username);
    const ticket = async (asset = world.ids.target) =>
      (
        await world.app.inject({
          method: 'POST',
          url: '/api/v1/users/connection-token/',
          headers: asUser,
          payload: { asset, system_user: world.ids.systemUser },
        })
      ).json().token as string;
    const url = (token: string) => `${world.proxyUrl}?token=${token}&cols=80&rows=24`;

    const unknown = await webScreen(url('nope'), alice, { acceptLanguage: null });
    await unknown.closed;
    assert.deepEqual(unknown.closeReasons, ['连接令牌无效或已过期。']);
    // The console's own choice (its language cookie) comes before the browser's Accept-Language.
    const chosen = await webScreen(
      url('nope'),
      { ...alice, cookie: `${alice.cookie}; django_language=en` },
      { acceptLanguage: 'zh-CN,zh;q=0.9' },
    );
    await chosen.closed;
    assert.deepEqual(chosen.closeReasons, ['The connection token is invalid or expired.']);

    const screen = await webScreen(url(await ticket()), alice, { acceptLanguage: 'zh-CN,zh;q=0.9' });
    assert.match(await screen.waitFor(PROMPT), /正在连接 td-ssh@td-target \(127\.0\.0\.1\) \.\.\./);
    screen.send('exit\r');
    await screen.closed;
    assert.deepEqual(screen.closeReasons, ['与资产的连接已关闭。']);

    // Over 123 bytes in UTF-8: the socket's close frame gets a cut of it, the page the whole reason, once.
    const refused = await webScreen(url(await ticket(far)), alice, { acceptLanguage: null });
    await refused.closed;
    assert.equal(refused.closeReasons.length, 1, refused.closeReasons.join(' | '));
    assert.match(
      refused.closeReasons[0],
      /^无法连接 数据库主机-北京一号机房-第三排-第十二号机柜-生产环境-主库：.*ECONNREFUSED/,
    );
  });
});
