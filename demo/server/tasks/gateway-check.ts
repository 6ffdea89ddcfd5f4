// `POST gateways/<id>/test-connective/ {port?}`: a real, synchronous check as JumpServer's
// Gateway.test_connective does it: log in to the gateway, open a channel from it to its own
// 127.0.0.1:<port>, and log in there again with the same credentials.
import type { FastifyInstance } from 'fastify';
import { authorize, IsOrgAdmin } from '../core/permissions.ts';
import { pick, type Lang } from '../core/lib/i18n.ts';
import { notFound } from './asset-task-routes.ts';
import { TASK_TEXT } from './messages.ts';
import { findInOrg } from './start-tasks.ts';
import { openSsh, SshStepError, type SshEndpoint } from './ssh/connect.ts';
import { credentials } from './targets.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';

interface GatewayRow {
  id: string;
  ip: string;
  port: number;
  username: string;
  password: string;
  private_key: string;
}

/** Python's `re.match(r'\w+$', password)`: letters, digits and underscore only. */
const WORD_ONLY = /^[\p{L}\p{N}_]+$/u;

export function registerGatewayCheckRoute(app: FastifyInstance): void {
  app.post('/api/v1/assets/gateways/:id/test-connective/', async (request, reply) => {
    if (!authorize(request, reply, IsOrgAdmin)) return reply;
    const gateway = findInOrg<GatewayRow>(
      app.bastion.db,
      request.ctx,
      'gateways',
      (request.params as { id: string }).id,
    );
    if (!gateway) return notFound(request, reply);
    const lang = request.ctx.lang;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const rawPort = body.port === undefined || body.port === null || body.port === '' ? gateway.port : body.port;
    const port = Number(rawPort);
    if (
      !Number.isInteger(port) ||
      port < 1 ||
      port > 65535 ||
      (typeof rawPort === 'string' && !/^\d+$/.test(rawPort.trim()))
    ) {
      return reply.code(400).send({ port: [pick(lang, TASK_TEXT.numberRequired)] });
    }
    if (gateway.password && !WORD_ONLY.test(gateway.password)) {
      return reply.code(400).send({ error: pick(lang, TASK_TEXT.passwordSpecialChars) });
    }
    const error = await checkGateway(gateway, port, app.tasks, lang);
    if (error) return reply.code(400).send({ error });
    // DRF's Response("ok") is the JSON string "ok", not plain text.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify('ok'));
  });
}

/** null when both logins succeed, else the reason in the caller's language. */
async function checkGateway(
  gateway: GatewayRow,
  localPort: number,
  runner: { timeoutMs: number; policy: TargetPolicy },
  lang: Lang,
): Promise<string | null> {
  const { timeoutMs, policy } = runner;
  const login: Omit<SshEndpoint, 'host' | 'port'> = { username: gateway.username, ...credentials(gateway) };
  try {
    // The second login is on the gateway's own loopback: only the gateway's address is ours to check.
    const connection = await openSsh(
      { host: '127.0.0.1', port: localPort, ...login },
      { timeoutMs, policy, targetOnGateway: true, gateway: { host: gateway.ip, port: gateway.port, ...login } },
    );
    connection.close();
    return null;
  } catch (error) {
    if (!(error instanceof SshStepError)) return error instanceof Error ? error.message : String(error);
    if (error.refused)
      return pick(lang, TASK_TEXT.targetRefused, { host: gateway.ip, networks: policy.networks.join(', ') });
    if (error.reason === 'Authentication failed') return pick(lang, TASK_TEXT.authenticationFailed);
    if (error.reason.startsWith('Timed out')) return pick(lang, TASK_TEXT.gatewayTimeout, { ms: timeoutMs });
    if (error.step === 'forward') return pick(lang, TASK_TEXT.unableToConnect, { port: localPort, ip: gateway.ip });
    if (error.step === 'gateway') return `${gateway.ip}:${gateway.port}: ${error.reason}`;
    return pick(lang, TASK_TEXT.connectFailed);
  }
}
