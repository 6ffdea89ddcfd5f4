// Ticket mail through the configured SMTP server, read back from a real SMTP server (smtp-server) on a
// loopback port: the assignees hear of a new request, the requester of its approval or rejection.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test, type TestContext } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { ticketMailsSettled } from '../../../demo/server/tickets/mail.ts';
import { bearer, build, orgId, userId } from '../helpers.ts';

const REQUESTS = '/api/v1/tickets/tickets/request-asset-perm/';
interface Received {
  to: string[];
  data: string;
}

async function startSmtp(t: TestContext): Promise<{ port: number; mails: Received[] }> {
  const mails: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, mails };
}

test('a new request mails its assignees; approval and rejection mail the requester', async (t) => {
  const smtp = await startSmtp(t);
  const app = await build(t);
  const { settings } = app.bastion;
  settings.set('EMAIL_HOST', '127.0.0.1', 'email');
  settings.set('EMAIL_PORT', String(smtp.port), 'email');
  settings.set('EMAIL_FROM', 'bastion@example.test', 'email');
  settings.set('SITE_URL', 'https://bastion.example.test', 'basic');
  const eng = orgId(app, 'Engineering');
  const as = async (who: string) => ({ ...(await bearer(app, who)), 'x-jms-org': eng, 'accept-language': 'en' });
  const user = await as('user');
  const orgadmin = await as('orgadmin');
  const create = async (title: string) => {
    const response = await app.inject({
      method: 'POST',
      url: REQUESTS,
      headers: user,
      payload: {
        title,
        org_id: eng,
        assignees: [userId(app, 'orgadmin'), userId(app, 'admin')],
        hostname: 'bj-api-01',
        system_user: 'deploy',
      },
    });
    assert.equal(response.statusCode, 201, response.body);
    return String(response.json().id);
  };
  const first = await create('Hosts for the release');
  await ticketMailsSettled(app);
  assert.equal(smtp.mails.length, 1);
  assert.deepEqual([...smtp.mails[0].to].sort(), ['admin@bastion.example.com', 'olivia.chen@bastion.example.com']);
  assert.match(smtp.mails[0].data, /^Subject: \[JMS\] New ticket: Hosts for the release$/m);
  assert.match(smtp.mails[0].data, /Hostname: bj-api-01/);
  assert.ok(
    smtp.mails[0].data
      .replace(/=\r\n/g, '')
      .includes(`https://bastion.example.test/ui/#/tickets/tickets/request-asset-perm/${first}`),
  );

  const asset = app.bastion.db
    .prepare("SELECT id FROM assets WHERE hostname = 'bj-api-01' AND org_id = ?")
    .pluck()
    .get(eng);
  const systemUser = app.bastion.db
    .prepare("SELECT id FROM system_users WHERE name = 'deploy' AND org_id = ?")
    .pluck()
    .get(eng);
  await app.inject({
    method: 'PATCH',
    url: `${REQUESTS}${first}/`,
    headers: orgadmin,
    payload: { confirmed_assets: [asset], confirmed_system_user: systemUser },
  });
  assert.equal(
    (await app.inject({ method: 'POST', url: `${REQUESTS}${first}/approve/`, headers: orgadmin })).statusCode,
    200,
  );
  await ticketMailsSettled(app);
  assert.equal(smtp.mails.length, 2);
  assert.deepEqual(smtp.mails[1].to, ['user@bastion.example.com']);
  assert.match(smtp.mails[1].data, /^Subject: \[JMS\] Ticket has been replied: Hosts for the release$/m);
  assert.match(smtp.mails[1].data, /Status: Approved/);
  assert.match(smtp.mails[1].data, /Assignee: Olivia Chen\(orgadmin\)/);

  const second = await create('Another one');
  assert.equal(
    (await app.inject({ method: 'POST', url: `${REQUESTS}${second}/reject/`, headers: orgadmin })).statusCode,
    200,
  );
  await ticketMailsSettled(app);
  assert.equal(smtp.mails.length, 4);
  // The two mails of the second ticket may arrive in either order.
  const replied = smtp.mails
    .slice(2)
    .find((mail) => /^Subject: \[JMS\] Ticket has been replied: Another one$/m.test(mail.data));
  assert.match(replied?.data ?? '', /Status: Rejected/);
  // Closing mails nobody, and a refused action sends nothing.
  assert.equal(
    (await app.inject({ method: 'POST', url: `${REQUESTS}${second}/approve/`, headers: orgadmin })).statusCode,
    400,
  );
  await ticketMailsSettled(app);
  assert.equal(smtp.mails.length, 4);
});

test('without a mail server configured a request is still made and nothing is sent', async (t) => {
  const smtp = await startSmtp(t);
  const app = await build(t);
  const eng = orgId(app, 'Engineering');
  const response = await app.inject({
    method: 'POST',
    url: REQUESTS,
    headers: { ...(await bearer(app, 'user')), 'x-jms-org': eng },
    payload: { title: 'No mail', org_id: eng, assignees: [userId(app, 'orgadmin')] },
  });
  assert.equal(response.statusCode, 201, response.body);
  await ticketMailsSettled(app);
  assert.equal(smtp.mails.length, 0);
});
