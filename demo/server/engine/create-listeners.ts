// What other features do once a resource's create request has committed: a new asset's connectivity test and
// an auto-push system user's push are the tasks feature's, attached here when it registers, so the assets
// feature neither imports nor knows them. A definition's own `afterCreateCommit` hook runs first. Listeners
// belong to one server (tests build many in one process): they are kept per server state, which every
// encapsulated Fastify context shares.
import type { FastifyInstance } from 'fastify';
import type { ServerState } from '../core/context.ts';
import type { HookArgs, ResourceDef } from './types.ts';

export type CreateListener = (args: HookArgs, ids: string[]) => void;

const listeners = new WeakMap<ServerState, Map<ResourceDef, CreateListener[]>>();

/** Calls `listener` with the new ids of every committed create request on `def` (one object, an array, a CSV file). */
export function onCreateCommitted(app: FastifyInstance, def: ResourceDef, listener: CreateListener): void {
  let byDef = listeners.get(app.bastion);
  if (!byDef) listeners.set(app.bastion, (byDef = new Map()));
  byDef.set(def, [...(byDef.get(def) ?? []), listener]);
}

/** A create request on `def` committed these ids: its hook, then the listeners of this server. */
export function createCommitted(def: ResourceDef, args: HookArgs, ids: string[]): void {
  def.hooks?.afterCreateCommit?.(args, ids);
  for (const listener of listeners.get(args.request.server.bastion)?.get(def) ?? []) listener(args, ids);
}
