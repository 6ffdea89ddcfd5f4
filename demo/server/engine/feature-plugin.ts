// A feature's routes as one Fastify plugin, which app.ts registers in order. Not encapsulated (fastify-plugin):
// its routes, hooks and decorations join the server's, as every feature's did when app.ts called them one by
// one, and `request.server` stays the one server that per-server tables (the route table, create listeners)
// are keyed by.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { registerResource } from './routes.ts';
import type { ResourceDef } from './types.ts';

export function featurePlugin<Options extends object = Record<never, never>>(
  name: string,
  register: (app: FastifyInstance, opts: Options) => void | Promise<void>,
): FastifyPluginAsync<Options> {
  const plugin: FastifyPluginAsync<Options> = async (app, opts) => {
    await register(app, opts);
  };
  return fp(plugin, { name: `bastion-${name}`, fastify: '5.x' });
}

/** CRUD, OPTIONS and CSV routes of each definition (engine/routes.ts). */
export function registerResources(app: FastifyInstance, defs: readonly ResourceDef[]): void {
  for (const def of defs) registerResource(app, def);
}
