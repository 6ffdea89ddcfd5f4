// /api/v1/assets/favorite-assets/ (§2.3): the assets a user starred. Every user sees, adds and removes
// only their own rows, in no org (the "my" asset tree spans orgs); the owner is always the caller.
// The console unstars with a bulk DELETE `?asset=<id>`, which must match exactly one row. A portal token
// lists only the stars on assets of its user's orgs (portal-tokens.ts), as its "my" tree shows them.
import { everyAction, IsValidUser } from '../../core/permissions.ts';
import { fixtureAsset } from '../samples.ts';
import { assetExists } from '../asset-store.ts';
import { idField, L } from '../../engine/field-kit.ts';
import type { ResourceDef } from '../../engine/types.ts';
import { t } from '../../core/lib/i18n.ts';
import { portalGrantOrgs } from '../../core/auth/portal-tokens.ts';
import { uuid } from '../../core/lib/ids.ts';
import { isoAt } from '../../core/lib/time.ts';

export const favoriteAssetsResource: ResourceDef = {
  name: 'Favorite Asset List',
  model: L('收藏的资产', 'Favorite asset'),
  url: '/api/v1/assets/favorite-assets/',
  table: 'favorite_assets',
  fields: {
    id: idField(),
    user: { type: 'string', label: L('用户', 'User'), read_only: true },
    asset: { type: 'string', label: L('资产', 'Asset'), required: true, relation: '/api/v1/assets/assets/' },
    date_created: { type: 'datetime', label: L('创建日期', 'Date created'), read_only: true },
  },
  filterFields: ['asset'],
  orderingFields: ['date_created'],
  defaultOrder: ['-date_created'],
  bulk: true,
  bulkDelete: 'exactlyOne',
  csvImport: false,
  actions: ['list', 'retrieve', 'create', 'delete'],
  permissions: everyAction(IsValidUser),
  scope: ({ db, ctx }) => {
    const orgs = portalGrantOrgs(db, ctx);
    if (!orgs) return { sql: 'user = ?', params: [ctx.user.id] };
    return {
      sql: 'user = ? AND asset IN (SELECT id FROM assets WHERE org_id IN (SELECT value FROM json_each(?)))',
      params: [ctx.user.id, JSON.stringify(orgs)],
    };
  },
  hooks: {
    beforeCreate: ({ ctx, now }, data) => {
      data.id = uuid();
      data.user = ctx.user.id;
      data.date_created = isoAt(now);
    },
    validate: ({ db, ctx }, data) => {
      if (data.asset === undefined || assetExists(db, String(data.asset))) return null;
      return { asset: [t(ctx.lang, 'field.invalid_pk', { value: String(data.asset) })] };
    },
  },
  sample: ({ db, orgId, seq }) => ({
    create: [0, 1].map((i) => ({ asset: fixtureAsset(db, orgId, `favorite-host-${seq}-${i}`) })),
    update: {},
  }),
};
