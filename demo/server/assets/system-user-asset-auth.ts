// GET /api/v1/assets/system-users/<id>/assets/<asset_id>/auth-info/ (§2.3): the credentials a terminal
// uses for this system user on that asset: the system user's own, with the newest AuthBook version of that
// account on that asset over them (auth-book-store.ts, 2.3's load_asset_special_auth); a dynamic user ("same
// with user") takes `?username=`. Errors are 400 {"error"} (Django's untranslated Http404 text).
import type { FastifyInstance } from 'fastify';
import { assetInOrg } from './asset-store.ts';
import { systemUsersResource } from './resources/system-users.ts';
import { latestAuthBook, withAssetAuth } from './auth-book-store.ts';
import { detailRoute } from '../engine/detail-route.ts';
import { authInfo } from './extra-routes.ts';
import { L, message } from '../engine/field-kit.ts';

export function registerSystemUserAssetAuthRoute(app: FastifyInstance): void {
  const read = detailRoute(app, systemUsersResource, 'retrieve');
  app.get(
    `${systemUsersResource.url}:id/assets/:asset_id/auth-info/`,
    read((args, row, request, reply) => {
      const assetId = (request.params as { asset_id: string }).asset_id;
      // The asset must live in the system user's org (ROOT callers may name any system user).
      if (!assetInOrg(args.db, assetId, String(row.org_id)))
        return reply
          .code(400)
          .send({ error: message(args, L('No Asset matches the given query.', 'No Asset matches the given query.')) });
      const info = authInfo(args, row);
      const username = (request.query as Record<string, string | undefined>).username;
      if (row.username_same_with_user && typeof username === 'string' && username) info.username = username;
      return withAssetAuth(info, latestAuthBook(args.db, assetId, String(info.username ?? '')));
    }),
  );
}
