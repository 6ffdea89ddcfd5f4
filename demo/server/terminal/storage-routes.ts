// GET replay-storages/<id>/test-connective/ and command-storages/<id>/test-connective/ (superusers).
import type { FastifyInstance } from 'fastify';
import { detailRoute } from '../engine/detail-route.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { openMeta } from './storage-meta.ts';
import { commandStoragesResource, replayStoragesResource } from './storage-resource.ts';
import { testStorage } from './storage-test.ts';

export function registerStorageTestRoutes(app: FastifyInstance, policy: TargetPolicy): void {
  for (const def of [replayStoragesResource, commandStoragesResource]) {
    const read = detailRoute(app, def, 'retrieve');
    app.get(
      `${def.url}:id/test-connective/`,
      read((args, row) => testStorage(String(row.type), openMeta(args.db, row.meta), policy, args.now, args.ctx.lang)),
    );
  }
}
