// A private OpenLDAP server for a test file (scripts/lib/slapd.mjs): started once on a free loopback
// port with its own slapd.conf and mdb database, stopped after the file's tests.
import { after } from 'node:test';
import { startSlapd } from '../../../scripts/lib/slapd.mjs';

export {
  ADMIN_DN,
  ADMIN_PASSWORD,
  BASE_DN,
  LDAP_PEOPLE,
  PEOPLE_OU,
  ldapSettings,
} from '../../../scripts/lib/slapd.mjs';

export interface Slapd {
  port: number;
  url: string;
}

/** Starts slapd for the calling test file; call once at the top level (it registers the stop). */
export async function useSlapd(): Promise<Slapd> {
  const server = await startSlapd();
  after(() => server.stop());
  return { port: server.port, url: server.url };
}
