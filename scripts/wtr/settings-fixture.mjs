// What the settings page's browser tests need from outside the page:
// - "Test connection" needs a real SMTP server the reference server can reach: this plugin runs one (the
//   smtp-server package) on a free loopback port of the test runner's process, with one account, and
//   tells the test what it received;
// - the Licence tab needs licence files signed with the demo key (scripts/make-license.mjs), which a
//   page cannot sign.
import { SMTPServer } from 'smtp-server';
import { makeLicense } from '../make-license.mjs';

let server = null;
let port = 0;
const mails = [];
let account = { user: '', pass: '' };

async function start({ user = 'mailer', pass = 'mail-pass' } = {}) {
  account = { user, pass };
  mails.length = 0;
  if (server) return { port };
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === account.user && auth.password === account.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(data)?.[1] ?? '',
        });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = server.server.address().port;
  return { port };
}

/**
 * wtr plugin: `executeServerCommand('smtp-start', {user, pass})` -> {port}; `('smtp-mails')` -> [{from, to, subject}];
 * `('license-make', {corporation, date_expired})` -> the licence file's text.
 */
export function settingsFixturePlugin() {
  return {
    name: 'settings-fixture',
    async executeCommand({ command, payload }) {
      if (command === 'smtp-start') return start(payload ?? {});
      if (command === 'smtp-mails') return [...mails];
      if (command === 'license-make') return makeLicense(payload);
      return undefined;
    },
    async serverStop() {
      if (server) await new Promise((resolve) => server.close(resolve));
      server = null;
    },
  };
}
