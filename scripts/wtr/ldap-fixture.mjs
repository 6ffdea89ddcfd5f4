// The settings page's LDAP tests need a real directory the reference server can reach: this plugin
// starts a private slapd (scripts/lib/slapd.mjs) on a free loopback port when a test first asks, and
// stops it when the run ends.
import { LDAP_PEOPLE, ldapSettings, startSlapd } from '../lib/slapd.mjs';

let server = null;

/** wtr plugin: `executeServerCommand('slapd-start')` -> {port, settings (AUTH_LDAP_* to save), people}. */
export function ldapFixturePlugin() {
  return {
    name: 'ldap-fixture',
    async executeCommand({ command }) {
      if (command !== 'slapd-start') return undefined;
      server ??= await startSlapd();
      return {
        port: server.port,
        settings: ldapSettings(server.port),
        people: LDAP_PEOPLE.map(({ uid, cn, mail }) => ({ uid, cn, mail })),
      };
    },
    async serverStop() {
      await server?.stop();
      server = null;
    },
  };
}
