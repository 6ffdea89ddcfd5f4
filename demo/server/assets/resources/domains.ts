// /api/v1/assets/domains/ (§2.3): a domain's assets are the assets whose `domain` is it; `?gateway=1`
// adds the nested gateways with their credentials.
import { everyAction, IsOrgAdmin, IsOrgAdminOrAppUser } from '../../core/permissions.ts';
import type { ResourceDef } from '../../engine/types.ts';
import { formatDateTime } from '../../core/lib/time.ts';
import {
  computed,
  idField,
  L,
  readOnly,
  relationList,
  stampNew,
  unknownIds,
  noteField,
} from '../../engine/field-kit.ts';
import { domainSample } from '../samples.ts';
import { openColumns } from '../../core/secrets/sealed-columns.ts';
import { domainAssetIds, setDomainAssets } from '../asset-store.ts';
import { domainGateways, gatewayCount } from '../gateway-store.ts';

export const domainsResource: ResourceDef = {
  name: 'Domain List',
  model: L('网域', 'Domain'),
  url: '/api/v1/assets/domains/',
  table: 'domains',
  fields: {
    id: idField(),
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128, unique: true },
    comment: noteField('备注', 'Comment'),
    assets: relationList('资产', 'Assets', '/api/v1/assets/assets/'),
    asset_count: computed('integer', '资产数量', 'Asset count'),
    gateway_count: computed('integer', '网关数量', 'Gateway count'),
    date_created: readOnly('datetime', '创建日期', 'Date created'),
  },
  searchFields: ['name'],
  filterFields: ['name'],
  orderingFields: ['name', 'date_created'],
  defaultOrder: ['name'],
  fieldsMini: ['id', 'name'],
  fieldsSmall: ['id', 'name', 'comment', 'date_created'],
  orgScoped: true,
  bulk: true,
  // Terminals (App accounts) read them to connect users (2.3: IsOrgAdminOrAppUser on reads).
  permissions: { ...everyAction(IsOrgAdmin), list: IsOrgAdminOrAppUser, retrieve: IsOrgAdminOrAppUser },
  hooks: {
    beforeCreate: stampNew(false),
    validate: (args, data) => unknownIds(args, 'assets', 'assets', data.assets),
    afterWrite: ({ db }, id, data) => {
      if (!Array.isArray(data.assets)) return;
      setDomainAssets(db, id, data.assets.map(String));
    },
    serialize: (args, row, out) => {
      const { db } = args;
      out.assets = domainAssetIds(db, String(row.id));
      out.asset_count = (out.assets as string[]).length;
      out.gateway_count = gatewayCount(db, String(row.id));
      if ((args.request.query as Record<string, string>).gateway !== '1') return;
      const gateways = domainGateways(db, String(row.id)).map((gateway) => openColumns(db, 'gateways', gateway));
      out.gateways = gateways.map(({ org_id: _org, ...g }) => ({
        ...g,
        is_active: Boolean(g.is_active),
        date_created: formatDateTime(g.date_created as string, args.ctx.tz),
        date_updated: formatDateTime(g.date_updated as string, args.ctx.tz),
      }));
    },
  },
  sample: domainSample,
};
