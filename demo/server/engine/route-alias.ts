// 2.3 serves some views at more than one address (its terminal router's optional `terminals/<id>/`
// prefix, v1 and v2 of the terminals list). Those extra addresses are answered here by the route at the
// main address, replayed in-process with the caller's method, headers, body and address, so one handler
// keeps each rule.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Answers `request` as the route at `url` (path, without query) answers it. */
export async function forward(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
): Promise<FastifyReply> {
  const at = request.url.indexOf('?');
  const query = at < 0 ? '' : request.url.slice(at);
  const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'DELETE';
  const headers = { ...request.headers };
  delete headers['content-length'];
  const answer = await app.inject({
    method: request.method as Method,
    url: `${url}${query}`,
    headers,
    remoteAddress: request.ip,
    ...(hasBody
      ? { payload: JSON.stringify(request.body), headers: { ...headers, 'content-type': 'application/json' } }
      : {}),
  });
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !['content-length', 'transfer-encoding', 'connection', 'date'].includes(name))
      reply.header(name, value);
  }
  return reply.code(answer.statusCode).send(answer.rawPayload);
}

/** Registers `methods` at `alias` (a pattern with `:params`), each answered by `target(params)`. */
export function aliasRoute(
  app: FastifyInstance,
  alias: string,
  methods: Method[],
  target: (params: Record<string, string>) => string,
): void {
  for (const method of methods) {
    app.route({
      method,
      url: alias,
      handler: (request, reply) => forward(app, request, reply, target(request.params as Record<string, string>)),
    });
  }
}
