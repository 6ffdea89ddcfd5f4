// OPTIONS for every route that is not a resource definition's list or detail (those answer their own):
// 2.3 answers OPTIONS on every view (DRF's `options()` + JumpServer's JMSMetadata), and Lina reads
// `actions[METHOD]` from it before drawing a form or a table, so a 405 there leaves the page empty. The
// not-found handler (web/errors.ts) calls `answerOptions` for a path some route serves; a feature may
// describe its route once with `describeRoute` (view name, permission class, serializer fields).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AllowAny, sendForbidden, sendUnauthenticated, type PermissionCheck } from '../core/permissions.ts';
import type { RequestContext, UserRow } from '../core/context.ts';
import { describeFields, RENDERS, PARSES } from './options.ts';
import type { AuthedCtx, FieldDef, HookArgs } from './types.ts';

export interface RouteDescription {
  /** DRF's view name (the class name less Api/View/ViewSet, split into words). */
  name?: string;
  /** The view's permission class; without it any signed-in caller is answered (401 otherwise). */
  permission?: PermissionCheck;
  /** The serializer's fields, described for POST/PUT/GET as the methods allow. */
  fields?: Record<string, FieldDef> | ((args: HookArgs) => Record<string, FieldDef>);
  /** Fields the GET list filters on (JMSMetadata's `filter: true`). */
  filterFields?: string[];
}

interface Described {
  pattern: RegExp;
  description: RouteDescription;
}
const described = new WeakMap<FastifyInstance, Described[]>();

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((p) => (p.startsWith(':') ? '[^/]+' : escape(p)))
      .join('/')}$`,
  );

/** Describes the OPTIONS answer of `url` (a Fastify pattern, `:param` segments). */
export function describeRoute(app: FastifyInstance, url: string, description: RouteDescription): void {
  const list = described.get(app) ?? [];
  described.set(app, list);
  list.push({ pattern: patternOf(url), description });
}

/** DRF's name for a view it knows only by path: the last words of the path, capitalised. */
function nameOf(path: string): string {
  const words = path
    .split('/')
    .filter((part) => part && !/^[0-9a-f-]{32,36}$/i.test(part) && !/^v\d$/.test(part) && part !== 'api')
    .slice(-2);
  return words
    .join(' ')
    .split(/[-_ ]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * 2.3's OPTIONS answer for `path`, served by routes allowing `methods`: 401/403 as the view's
 * permission class says, else `{name, description, renders, parses, actions}` — `actions` holds
 * POST/PUT/GET where the path takes them (Lina indexes it, so it is always there).
 */
export function answerOptions(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  methods: string[],
) {
  // Several descriptions of one view combine (a feature's fields, the view's permission class): the first given wins.
  const description: RouteDescription = {};
  for (const entry of described.get(app)?.filter((e) => e.pattern.test(path)) ?? []) {
    for (const [key, value] of Object.entries(entry.description))
      if (value !== undefined && !(key in description)) Object.assign(description, { [key]: value });
  }
  const { ctx } = request;
  const check = description.permission;
  const anyone = check === AllowAny;
  if (!ctx.user && !anyone) return sendUnauthenticated(request, reply);
  const { db, now } = app.bastion;
  if (ctx.user && check && !anyone && !check(db, ctx as RequestContext & { user: UserRow }, now()))
    return sendForbidden(request, reply);
  const args: HookArgs = { db, ctx: ctx as AuthedCtx, request, now: now() };
  const fields = typeof description.fields === 'function' ? description.fields(args) : (description.fields ?? {});
  const actions: Record<string, unknown> = {};
  for (const method of ['POST', 'PUT', 'GET'] as const) {
    if (methods.includes(method))
      actions[method] = describeFields(args, fields, method, { filterFields: description.filterFields });
  }
  reply.header('Allow', [...methods, 'OPTIONS'].join(', '));
  return reply.send({
    name: description.name ?? nameOf(path),
    description: '',
    renders: RENDERS,
    parses: PARSES,
    actions,
  });
}
