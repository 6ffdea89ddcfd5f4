import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsSuperUser } from '../core/permissions.ts';
import { registerSettingsOptions } from './options.ts';
import { SETTING_GROUPS } from './schema.ts';
import type { Settings } from '../core/context.ts';
import { validateSettings } from './validate.ts';

const PASSWORD_RULES = [
  'SECURITY_PASSWORD_MIN_LENGTH',
  'SECURITY_PASSWORD_UPPER_CASE',
  'SECURITY_PASSWORD_LOWER_CASE',
  'SECURITY_PASSWORD_NUMBER',
  'SECURITY_PASSWORD_SPECIAL_CHAR',
];

/**
 * What this server offers beyond 2.3's API, for clients that ask: a 2.3 core has no such field (Lina and 2.3
 * clients ignore it), so the console offers these only where the server names them.
 * - `stop-runs`: POST `ops/adhoc-executions/<id>/stop/` and `ops/command-executions/<id>/stop/`.
 */
export const FEATURES = ['stop-runs'];

/** §1.16: what the console needs before anyone logs in. */
export function publicSettings(settings: Settings) {
  const get = (name: string) => settings.get(name);
  return {
    WINDOWS_SKIP_ALL_MANUAL_PASSWORD: get('WINDOWS_SKIP_ALL_MANUAL_PASSWORD'),
    SECURITY_MAX_IDLE_TIME: get('SECURITY_MAX_IDLE_TIME'),
    XPACK_ENABLED: false,
    XPACK_LICENSE_IS_VALID: get('XPACK_LICENSE_IS_VALID'),
    LOGIN_CONFIRM_ENABLE: get('LOGIN_CONFIRM_ENABLE'),
    SECURITY_VIEW_AUTH_NEED_MFA: get('SECURITY_VIEW_AUTH_NEED_MFA'),
    SECURITY_MFA_VERIFY_TTL: get('SECURITY_MFA_VERIFY_TTL'),
    SECURITY_COMMAND_EXECUTION: get('SECURITY_COMMAND_EXECUTION'),
    LOGO_URLS: get('LOGO_URLS'),
    TICKETS_ENABLED: get('TICKETS_ENABLED'),
    PASSWORD_RULE: Object.fromEntries(PASSWORD_RULES.map((name) => [name, get(name)])),
    BASTION_FEATURES: FEATURES,
  };
}

/** Every group with its current values; write-only secrets are never returned. */
function groupedSettings(settings: Settings) {
  return Object.fromEntries(
    Object.entries(SETTING_GROUPS).map(([group, fields]) => [
      group,
      Object.fromEntries(
        Object.entries(fields)
          .filter(([, f]) => !f.writeOnly)
          .map(([name]) => [name, settings.get(name)]),
      ),
    ]),
  );
}

export function registerSettingsRoutes(app: FastifyInstance): void {
  const { settings, db } = app.bastion;
  app.get('/api/v1/settings/public/', () => ({ data: publicSettings(settings) }));

  app.get('/api/v1/settings/setting/', (request, reply) =>
    authorize(request, reply, IsSuperUser) ? groupedSettings(settings) : reply,
  );

  const update = (partial: boolean) => (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const { changes, errors } = validateSettings(request.body, partial, request.ctx.lang);
    if (errors) return reply.code(400).send(errors);
    db.transaction(() => changes.forEach((c) => settings.set(c.name, c.value, c.group)))();
    return groupedSettings(settings);
  };
  registerSettingsOptions(app);
  app.put('/api/v1/settings/setting/', update(false));
  app.patch('/api/v1/settings/setting/', update(true));
}
