// Types of slapd.mjs for the server tests that start it (test/server/support/slapd.ts).
export const SLAPD: string;
export const SLAPADD: string;
export const BASE_DN: string;
export const ADMIN_DN: string;
export const ADMIN_PASSWORD: string;
export const PEOPLE_OU: string;
export interface LdapPerson { uid: string; cn: string; sn: string; mail: string; password: string }
export const LDAP_PEOPLE: LdapPerson[];
export interface LdapSettings {
  AUTH_LDAP_SERVER_URI: string; AUTH_LDAP_BIND_DN: string; AUTH_LDAP_BIND_PASSWORD: string; AUTH_LDAP_SEARCH_OU: string;
  AUTH_LDAP_SEARCH_FILTER: string; AUTH_LDAP_USER_ATTR_MAP: Record<string, string>; AUTH_LDAP: boolean;
}
export function ldapSettings(port: number): LdapSettings;
export function startSlapd(): Promise<{ port: number; url: string; stop: () => Promise<void> }>;
