// POST ldap/testing/config/ and ldap/testing/login/ (§2.11), as 2.3's LDAPTestUtil runs them: server,
// bind DN, attribute map, each OU with the filter, then "is LDAP sign-in on". The config test uses the
// posted values (a blank bind password = the stored one, as the settings form keeps it); the login test
// uses the saved configuration, as 2.3 does. 200 answers 2.3's message (a JSON string); a failure is
// 400 {"error": message} naming the real reason.
import type { FastifyInstance } from 'fastify';
import type { Client } from 'ldapts';
import { authorize, IsSuperUser } from '../core/permissions.ts';
import { pick, t, type Lang } from '../core/lib/i18n.ts';
import { TargetRefusedError, type TargetPolicy } from '../../shared/allowed-targets.ts';
import {
  authenticateLdapUser,
  isLdapResult,
  LdapUriError,
  ldapErrorText,
  openClient,
  searchOu,
  searchOus,
  storedLdapConfig,
  userFilter,
  type LdapConfig,
} from './ldap-directory.ts';
import { LDAP_TEXT } from './ldap-messages.ts';

/** A step that failed, with 2.3's complete message. */
class StepFailed extends Error {}

const REQUIRED_ATTRS = ['username', 'name', 'email'];

type Body = Record<string, unknown>;
const asBody = (raw: unknown): Body => (raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Body) : {});

/** A configuration to test: the attribute map as posted (an object or its JSON text), checked by its own step. */
export type TestedConfig = Omit<LdapConfig, 'attrMap'> & { attrMap: unknown };

/** The posted AUTH_LDAP_* values (LDAPTestConfigSerializer), or the first field error. */
export function postedLdapConfig(
  raw: unknown,
  stored: LdapConfig,
  lang: Lang,
): { config: TestedConfig } | { error: string } {
  const body = asBody(raw);
  const text = (name: string, required: boolean): string | { error: string } => {
    const value = body[name];
    if (value === undefined || value === null || value === '') {
      return required ? { error: `${name}: ${t(lang, value === undefined ? 'field.required' : 'field.blank')}` } : '';
    }
    if (typeof value !== 'string' && typeof value !== 'number')
      return { error: `${name}: ${t(lang, 'field.invalid_string')}` };
    const s = String(value);
    return s.length > 1024 ? { error: `${name}: ${t(lang, 'field.max_length', { max: 1024 })}` } : s;
  };
  const flag = (name: string): boolean | { error: string } => {
    const value = body[name];
    if (value === undefined) return false;
    return typeof value === 'boolean' ? value : { error: `${name}: ${t(lang, 'field.invalid_boolean')}` };
  };
  const serverUri = text('AUTH_LDAP_SERVER_URI', true);
  const bindDn = text('AUTH_LDAP_BIND_DN', false);
  const password = text('AUTH_LDAP_BIND_PASSWORD', false);
  const searchOu = text('AUTH_LDAP_SEARCH_OU', true);
  const searchFilter = text('AUTH_LDAP_SEARCH_FILTER', true);
  const startTls = flag('AUTH_LDAP_START_TLS');
  const authLdap = flag('AUTH_LDAP');
  // Lina posts the map as the textarea's JSON text; the API also takes the object itself.
  const rawMap = body.AUTH_LDAP_USER_ATTR_MAP;
  const attrMap =
    rawMap !== null && typeof rawMap === 'object' && !Array.isArray(rawMap)
      ? rawMap
      : text('AUTH_LDAP_USER_ATTR_MAP', true);
  for (const value of [serverUri, bindDn, password, searchOu, searchFilter, startTls, authLdap]) {
    if (typeof value === 'object') return value;
  }
  if (attrMap !== rawMap && typeof attrMap === 'object') return attrMap as { error: string };
  return {
    config: {
      serverUri: serverUri as string,
      bindDn: bindDn as string,
      password: (password as string) || stored.password,
      searchOu: searchOu as string,
      searchFilter: searchFilter as string,
      startTls: startTls as boolean,
      authLdap: authLdap as boolean,
      attrMap,
    },
  };
}

/** 2.3's test_attr_map: a dict (or its JSON) naming at least username, name and email. */
function checkAttrMap(attrMap: unknown, lang: Lang): Record<string, string> {
  let map = attrMap;
  if (typeof map === 'string') {
    try {
      map = JSON.parse(map);
    } catch {
      throw new StepFailed(pick(lang, LDAP_TEXT.errAttrMap, { detail: pick(lang, LDAP_TEXT.attrMapNotDict) }));
    }
  }
  if (!map || typeof map !== 'object' || Array.isArray(map)) {
    throw new StepFailed(pick(lang, LDAP_TEXT.errAttrMap, { detail: pick(lang, LDAP_TEXT.attrMapNotDict) }));
  }
  const missing = REQUIRED_ATTRS.filter((name) => !(name in (map as object)));
  if (missing.length) {
    throw new StepFailed(
      pick(lang, LDAP_TEXT.errAttrMap, {
        detail: pick(lang, LDAP_TEXT.attrMapMissing, { detail: `{${missing.map((m) => `'${m}'`).join(', ')}}` }),
      }),
    );
  }
  return Object.fromEntries(Object.entries(map as object).map(([k, v]) => [k, String(v)]));
}

/** A client on the checked address, with 2.3's server-step messages for anything before the server answers. */
async function connect(config: TestedConfig, policy: TargetPolicy, lang: Lang): Promise<Client> {
  const serverError = (detail: string) => new StepFailed(pick(lang, LDAP_TEXT.errServer, { detail }));
  let client: Client | null = null;
  try {
    client = await openClient(config, policy);
    // 2.3 first binds anonymously: any LDAP answer (even a refusal) proves the server is there.
    await client.bind('', '').catch((error: unknown) => {
      if (!isLdapResult(error)) throw error;
    });
    return client;
  } catch (error) {
    await client?.unbind().catch(() => undefined);
    if (error instanceof TargetRefusedError) throw serverError(error.message);
    const detail = ldapErrorText(error);
    if (error instanceof LdapUriError) throw serverError(pick(lang, LDAP_TEXT.unknown, { detail }));
    const refused = /ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|timeout/i.test(
      `${(error as { code?: string }).code ?? ''} ${detail}`,
    );
    throw serverError(pick(lang, refused ? LDAP_TEXT.hostDisconnected : LDAP_TEXT.notLdapPort, { detail }));
  }
}

/** 2.3's LDAPTestUtil.test_config: the number of matched users, or the step that failed. */
export async function testLdapConfig(
  config: TestedConfig,
  policy: TargetPolicy,
  lang: Lang,
): Promise<{ ok: boolean; msg: string }> {
  try {
    const client = await connect(config, policy, lang);
    let count = 0;
    try {
      const bindError = (detail: string) => new StepFailed(pick(lang, LDAP_TEXT.errBind, { detail }));
      if (!config.bindDn) throw bindError(pick(lang, LDAP_TEXT.enterBindDn, { detail: 'Bind DN is empty' }));
      if (!config.password) throw bindError(pick(lang, LDAP_TEXT.enterPassword, { detail: 'Password is empty' }));
      try {
        await client.bind(config.bindDn, config.password);
      } catch (error) {
        const detail =
          isLdapResult(error) && error.code === 0x31 ? pick(lang, LDAP_TEXT.bindIncorrect) : ldapErrorText(error);
        throw bindError(
          isLdapResult(error) ? pick(lang, LDAP_TEXT.wrongBind, { detail }) : pick(lang, LDAP_TEXT.unknown, { detail }),
        );
      }
      const checked: LdapConfig = { ...config, attrMap: checkAttrMap(config.attrMap, lang) };
      const ouError = (detail: string) => new StepFailed(pick(lang, LDAP_TEXT.errOuOrFilter, { detail }));
      const ous = searchOus(checked);
      if (!ous.length) throw ouError(pick(lang, LDAP_TEXT.badOuOrFilter, { detail: config.searchOu }));
      for (const ou of ous) {
        let found: number;
        try {
          found = (await searchOu(client, checked, ou, userFilter(checked, '*'))).length;
        } catch (error) {
          // A missing OU is "no users there" for 2.3 (ldap3 does not raise); a bad filter names itself.
          if (isLdapResult(error) && error.code === 0x20) found = 0;
          else throw ouError(ldapErrorText(error));
        }
        if (found === 0) throw ouError(pick(lang, LDAP_TEXT.badOuOrFilter, { detail: ou }));
        count += found;
      }
    } finally {
      await client.unbind().catch(() => undefined);
    }
    if (!config.authLdap)
      throw new StepFailed(pick(lang, LDAP_TEXT.errNotEnabled, { detail: pick(lang, LDAP_TEXT.notEnabled) }));
    return { ok: true, msg: pick(lang, LDAP_TEXT.matched, { count }) };
  } catch (error) {
    if (error instanceof StepFailed) return { ok: false, msg: error.message };
    return { ok: false, msg: pick(lang, LDAP_TEXT.errUnknown, { detail: ldapErrorText(error) }) };
  }
}

/** 2.3's test_login: the saved configuration must pass the config test, then the user binds as themself. */
export async function testLdapLogin(
  config: LdapConfig,
  policy: TargetPolicy,
  lang: Lang,
  username: string,
  password: string,
): Promise<{ ok: boolean; msg: string }> {
  const checked = await testLdapConfig(config, policy, lang);
  if (!checked.ok) return { ok: false, msg: pick(lang, LDAP_TEXT.loginConfig, { detail: checked.msg }) };
  try {
    const login = await authenticateLdapUser(config, policy, username.trim(), password);
    if (!login.ok) return { ok: false, msg: pick(lang, LDAP_TEXT.loginRejected, { detail: login.message }) };
  } catch (error) {
    return { ok: false, msg: pick(lang, LDAP_TEXT.loginUnknown, { detail: ldapErrorText(error) }) };
  }
  return { ok: true, msg: pick(lang, LDAP_TEXT.loginOk, { detail: username }) };
}

export function registerLdapTestingRoutes(app: FastifyInstance, policy: TargetPolicy): void {
  const { settings } = app.bastion;
  app.post('/api/v1/settings/ldap/testing/config/', async (request, reply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const { lang } = request.ctx;
    const posted = postedLdapConfig(request.body, storedLdapConfig(settings), lang);
    if ('error' in posted) return reply.code(400).send({ error: posted.error });
    const { ok, msg } = await testLdapConfig(posted.config, policy, lang);
    return ok
      ? reply.type('application/json; charset=utf-8').send(JSON.stringify(msg))
      : reply.code(400).send({ error: msg });
  });

  app.post('/api/v1/settings/ldap/testing/login/', async (request, reply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const { lang } = request.ctx;
    const body = asBody(request.body);
    const errors: Record<string, string[]> = {};
    for (const name of ['username', 'password']) {
      const value = body[name];
      if (typeof value !== 'string' || !value)
        errors[name] = [t(lang, value === undefined ? 'field.required' : 'field.blank')];
      else if (value.length > 1024) errors[name] = [t(lang, 'field.max_length', { max: 1024 })];
    }
    if (Object.keys(errors).length)
      return reply.code(400).send({
        error: Object.entries(errors)
          .map(([k, v]) => `${k}: ${v[0]}`)
          .join('; '),
        ...errors,
      });
    const { ok, msg } = await testLdapLogin(
      storedLdapConfig(settings),
      policy,
      lang,
      String(body.username),
      String(body.password),
    );
    return ok
      ? reply.type('application/json; charset=utf-8').send(JSON.stringify(msg))
      : reply.code(400).send({ error: msg });
  });
}
