// A manual-login system user's credentials, asked of the user at either door before the session opens:
// the username unless the system user names one, then the password (not echoed).
import type { GrantedSystemUser } from '../session/grants.ts';
import type { LineReader } from './line-reader.ts';
import type { ManualLogin } from '../session/recorded-session.ts';
import { text, type Lang } from '../texts/texts.ts';

/** The credentials typed for `host`; null when the user gives up (an empty username, Ctrl-D, the door closing). */
export async function askManualLogin(
  reader: LineReader,
  lang: Lang | undefined,
  systemUser: GrantedSystemUser,
  host: string,
): Promise<ManualLogin | null> {
  const username = systemUser.username || (await reader.read(text(lang, 'menu.manual.username', { host })));
  if (!username) return null;
  const password = await reader.read(text(lang, 'menu.manual.password', { username, host }), true);
  return password === null ? null : { username, password };
}
