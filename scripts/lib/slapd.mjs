// A private OpenLDAP server for tests: Debian's slapd on a free loopback port, with its own slapd.conf
// and mdb database in a temporary folder, loaded with slapadd before it starts (no network step, no
// race). Both the node:test suite (test/server/support/slapd.ts) and the browser harness
// (scripts/wtr/ldap-fixture.mjs) start it from here. scripts/ensure-slapd.mjs installs the package.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDaemon } from './daemon.mjs';
import { freePort } from './free-port.mjs';

export const SLAPD = '/usr/sbin/slapd';
export const SLAPADD = '/usr/sbin/slapadd';
export const BASE_DN = 'dc=bastion,dc=test';
export const ADMIN_DN = `cn=admin,${BASE_DN}`;
export const ADMIN_PASSWORD = 'ldap-admin-secret';
export const PEOPLE_OU = `ou=people,${BASE_DN}`;

/** The directory's people: uid is the login name, as most OpenLDAP trees name them. */
export const LDAP_PEOPLE = [
  { uid: 'ldap.alice', cn: 'Alice Ldap', sn: 'Ldap', mail: 'alice@ldap.test', password: 'alice-dir-pass' },
  { uid: 'ldap.bob', cn: 'Bob Ldap', sn: 'Ldap', mail: 'bob@ldap.test', password: 'bob-dir-pass' },
  { uid: 'ldap.carol', cn: 'Carol Ldap', sn: 'Ldap', mail: '', password: 'carol-dir-pass' },
];

/** The AUTH_LDAP_* settings that reach this server (the filter and attribute map of a uid-based tree). */
export function ldapSettings(port) {
  return {
    AUTH_LDAP_SERVER_URI: `ldap://127.0.0.1:${port}`,
    AUTH_LDAP_BIND_DN: ADMIN_DN,
    AUTH_LDAP_BIND_PASSWORD: ADMIN_PASSWORD,
    AUTH_LDAP_SEARCH_OU: PEOPLE_OU,
    AUTH_LDAP_SEARCH_FILTER: '(uid=%(user)s)',
    AUTH_LDAP_USER_ATTR_MAP: { username: 'uid', name: 'cn', email: 'mail' },
    AUTH_LDAP: true,
  };
}

function config(dir) {
  const schema = (name) => `include /etc/ldap/schema/${name}.schema`;
  return [
    schema('core'), schema('cosine'), schema('nis'), schema('inetorgperson'),
    `pidfile ${join(dir, 'slapd.pid')}`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'database mdb',
    'maxsize 16777216',
    `suffix "${BASE_DN}"`,
    `rootdn "${ADMIN_DN}"`,
    `rootpw ${ADMIN_PASSWORD}`,
    `directory ${join(dir, 'data')}`,
    // People may bind as themselves; only the admin reads passwords; everyone bound may search.
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by * read',
    '',
  ].join('\n');
}

function entries() {
  const people = LDAP_PEOPLE.map((p) => [
    `dn: uid=${p.uid},${PEOPLE_OU}`, 'objectClass: inetOrgPerson', `uid: ${p.uid}`, `cn: ${p.cn}`, `sn: ${p.sn}`,
    ...(p.mail ? [`mail: ${p.mail}`] : []), `userPassword: ${p.password}`, '',
  ].join('\n'));
  return [
    [`dn: ${BASE_DN}`, 'objectClass: dcObject', 'objectClass: organization', 'dc: bastion', 'o: Bastion Test', ''].join('\n'),
    [`dn: ${PEOPLE_OU}`, 'objectClass: organizationalUnit', 'ou: people', ''].join('\n'),
    ...people,
  ].join('\n');
}

/**
 * Starts slapd; resolves once it accepts connections.
 * @returns {Promise<{ port: number, url: string, stop: () => Promise<void> }>}
 */
export async function startSlapd() {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-slapd-'));
  mkdirSync(join(dir, 'data'));
  const conf = join(dir, 'slapd.conf');
  writeFileSync(conf, config(dir));
  writeFileSync(join(dir, 'base.ldif'), entries());
  const load = spawnSync(SLAPADD, ['-f', conf, '-l', join(dir, 'base.ldif')], { encoding: 'utf8' });
  if (load.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`slapadd failed: ${load.stderr || load.error}`);
  }
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d 0: stay in the foreground (so the child is slapd itself and stops with a signal) with no debug output.
  const stop = await startDaemon({
    command: SLAPD, args: ['-f', conf, '-h', `${url}/`, '-d', '0'], port, dir,
    failure: (said) => `slapd did not start on ${url}: ${said}`,
  });
  return { port, url, stop };
}
