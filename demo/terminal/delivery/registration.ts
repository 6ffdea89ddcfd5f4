// Who this terminal is to the server: the access key it got when it registered with the bootstrap
// token, kept in its data dir so a restart reuses it instead of registering again (the server refuses
// a second registration of a live name). Answers the terminal's id.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Api, ApiError, type AccessKey } from './api.ts';

const KEY_FILE = 'access-key.json';

interface Stored extends AccessKey {
  terminal?: string;
}
interface Registration {
  id?: string;
  service_account?: { access_key?: AccessKey };
}

export async function ensureRegistered(
  api: Api,
  dataDir: string,
  name: string,
  bootstrapToken: string,
): Promise<string> {
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
    api.key = { id: stored.id, secret: stored.secret };
    try {
      await api.get('/api/v1/terminal/terminals/config/');
      return stored.terminal ?? '';
    } catch (error) {
      // A key the server no longer knows (deleted terminal, fresh database): register anew below.
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
      api.key = null;
    }
  }
  if (!bootstrapToken)
    throw new Error('BOOTSTRAP_TOKEN is not set and no stored access key works: the terminal cannot register');
  const answer = await api.request<Registration>('/api/v2/terminal/terminal-registrations/', {
    method: 'POST',
    body: { name, comment: 'bastion-console demo terminal' },
    headers: { authorization: `BootstrapToken ${bootstrapToken}` },
  });
  const key = answer.service_account?.access_key;
  if (!key?.id || !key.secret) throw new Error('the registration answer carries no access key');
  const stored: Stored = { id: key.id, secret: key.secret, terminal: answer.id ?? '' };
  writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  api.key = key;
  return stored.terminal ?? '';
}
