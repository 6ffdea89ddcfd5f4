// mail/testing/ against a real SMTP server (the smtp-server package) on a loopback port of this process.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test, type TestContext } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { bearer, build } from '../helpers.ts';
import { assertNotStored } from '../support/at-rest.ts';

const MAIL_TESTING = '/api/v1/settings/mail/testing/';

interface Received {
  from: string;
  to: string[];
  data: string;
  user?: string;
}

async function startSmtp(
  t: TestContext,
  users: Record<string, string> = {},
): Promise<{ port: number; mails: Received[] }> {
  const mails: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: Object.keys(users).length === 0,
    logger: false,
    onAuth(auth, _session, callback) {
      if (users[auth.username ?? ''] === auth.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, mails };
}

test('a test mail really arrives: from, to and subject as sent, and the answer names the recipient', async (t) => {
  const smtp = await startSmtp(t, { mailer: 'm-pass' });
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const response = await app.inject({
    method: 'POST',
    url: MAIL_TESTING,
    headers,
    payload: {
      EMAIL_HOST: '127.0.0.1',
      EMAIL_PORT: String(smtp.port),
      EMAIL_HOST_USER: 'mailer',
      EMAIL_HOST_PASSWORD: 'm-pass',
      EMAIL_FROM: 'jms@example.test',
      EMAIL_RECIPIENT: 'ops@example.test',
      EMAIL_USE_SSL: false,
      EMAIL_USE_TLS: false,
    },
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { msg: 'Test mail sent to ops@example.test, please check' });
  assert.equal(smtp.mails.length, 1);
  assert.equal(smtp.mails[0].from, 'jms@example.test');
  assert.deepEqual(smtp.mails[0].to, ['ops@example.test']);
  assert.equal(smtp.mails[0].user, 'mailer');
  assert.match(smtp.mails[0].data, /^Subject: Test$/m);
  assert.match(smtp.mails[0].data, /Test smtp setting/);
});

test('a blank password uses the stored one; the recipient defaults to the sender, the sender to the account', async (t) => {
  const smtp = await startSmtp(t, { 'box@example.test': 'stored-pass' });
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  await app.inject({
    method: 'PATCH',
    url: '/api/v1/settings/setting/',
    headers,
    payload: { email: { EMAIL_HOST_PASSWORD: 'stored-pass' } },
  });
  const response = await app.inject({
    method: 'POST',
    url: MAIL_TESTING,
    headers,
    payload: {
      EMAIL_HOST: '127.0.0.1',
      EMAIL_PORT: String(smtp.port),
      EMAIL_HOST_USER: 'box@example.test',
      EMAIL_HOST_PASSWORD: '',
    },
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.json().msg, '邮件已经发送 box@example.test，请检查');
  assertNotStored(app, { EMAIL_HOST_PASSWORD: 'stored-pass' });
  assert.equal(smtp.mails[0].from, 'box@example.test');
  assert.deepEqual(smtp.mails[0].to, ['box@example.test']);
});

test("wrong credentials answer 400 with the SMTP server's error text; nothing is delivered", async (t) => {
  const smtp = await startSmtp(t, { mailer: 'right' });
  const app = await build(t);
  const response = await app.inject({
    method: 'POST',
    url: MAIL_TESTING,
    headers: await bearer(app, 'admin'),
    payload: {
      EMAIL_HOST: '127.0.0.1',
      EMAIL_PORT: String(smtp.port),
      EMAIL_HOST_USER: 'mailer',
      EMAIL_HOST_PASSWORD: 'wrong',
      EMAIL_FROM: 'a@example.test',
      EMAIL_RECIPIENT: 'b@example.test',
    },
  });
  assert.equal(response.statusCode, 400);
  assert.match(response.json().error, /535.*Invalid username or password/);
  assert.equal(smtp.mails.length, 0);
});

test('a wrong port answers 400 with the connection error, quickly', async (t) => {
  const app = await build(t);
  const started = Date.now();
  // Port 1 on loopback: nothing listens there, so the connection is refused.
  const response = await app.inject({
    method: 'POST',
    url: MAIL_TESTING,
    headers: await bearer(app, 'admin'),
    payload: {
      EMAIL_HOST: '127.0.0.1',
      EMAIL_PORT: '1',
      EMAIL_FROM: 'a@example.test',
    },
  });
  assert.equal(response.statusCode, 400);
  assert.match(response.json().error, /ECONNREFUSED 127\.0\.0\.1:1/);
  assert.ok(Date.now() - started < 6000);
});

test('refusals: outside the allow-list, bad fields, and anyone but the super admin', async (t) => {
  const app = await build(t, { allowedTargets: '127.0.0.1/32' });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const outside = await app.inject({
    method: 'POST',
    url: MAIL_TESTING,
    headers,
    payload: { EMAIL_HOST: '127.0.0.2', EMAIL_PORT: '25' },
  });
  assert.equal(outside.statusCode, 400);
  assert.match(outside.json().error, /allow-list/);
  const bad = await app.inject({
    method: 'POST',
    url: MAIL_TESTING,
    headers,
    payload: { EMAIL_HOST: '', EMAIL_PORT: 'abc', EMAIL_USE_SSL: 'yes' },
  });
  assert.equal(bad.statusCode, 400);
  assert.deepEqual(Object.keys(bad.json()).sort(), ['EMAIL_HOST', 'EMAIL_PORT', 'EMAIL_USE_SSL']);
  for (const username of ['orgadmin', 'sysauditor', 'user']) {
    const response = await app.inject({
      method: 'POST',
      url: MAIL_TESTING,
      headers: await bearer(app, username),
      payload: { EMAIL_HOST: '127.0.0.1' },
    });
    assert.equal(response.statusCode, 403, username);
  }
});

test('hostile values in every EMAIL_* field answer 400, never 5xx (the route is also in the fuzz sweep)', async (t) => {
  const { ANY_FIELD } = await import('../engine/fuzz-corpus.ts');
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const names = [
    'EMAIL_PORT',
    'EMAIL_HOST_USER',
    'EMAIL_HOST_PASSWORD',
    'EMAIL_FROM',
    'EMAIL_RECIPIENT',
    'EMAIL_USE_SSL',
    'EMAIL_USE_TLS',
  ];
  for (const name of names) {
    for (const value of ANY_FIELD) {
      const response = await app.inject({
        method: 'POST',
        url: MAIL_TESTING,
        headers,
        payload: { EMAIL_HOST: '127.0.0.1', EMAIL_PORT: '1', [name]: value },
      });
      assert.ok(
        response.statusCode === 400,
        `${name}=${JSON.stringify(value)?.slice(0, 40)} answered ${response.statusCode}`,
      );
    }
  }
});
