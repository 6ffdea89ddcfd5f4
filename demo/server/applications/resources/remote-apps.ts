// /api/v1/applications/remote-apps/ (§2.4): a program started over RDP on a Windows host asset; the
// type's own `params` are checked and stored by ../applications/remote-app-params.ts.
import {
  computed,
  idField,
  L,
  mergeErrors,
  noteField,
  readOnly,
  stampNew,
  unknownIds,
} from '../../engine/field-kit.ts';
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import { normaliseParams, readableParams, REMOTE_APP_TYPES } from '../remote-app-params.ts';
import { remoteAppSample } from '../samples.ts';
import type { ResourceDef } from '../../engine/types.ts';
import { pick } from '../../core/lib/i18n.ts';
import { assetInfo } from '../../assets/asset-store.ts';

export const remoteAppsResource: ResourceDef = {
  name: 'Remote App List',
  model: L('远程应用', 'RemoteApp'),
  url: '/api/v1/applications/remote-apps/',
  table: 'remote_apps',
  fields: {
    id: idField(),
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128, unique: true },
    asset: { type: 'string', label: L('资产', 'Asset'), required: true, relation: '/api/v1/assets/assets/' },
    asset_info: computed('field', '资产信息', 'Asset info'),
    type: { type: 'choice', label: L('应用类型', 'App type'), choices: [...REMOTE_APP_TYPES], default: 'chrome' },
    get_type_display: computed('string', '应用类型名称', 'App type display'),
    path: { type: 'string', label: L('应用路径', 'App path'), required: true, max_length: 128 },
    params: { type: 'dict', label: L('参数', 'Parameters'), default: {} },
    date_created: readOnly('datetime', '创建日期', 'Date created'),
    created_by: readOnly('string', '创建者', 'Created by'),
    comment: noteField('备注', 'Comment', 128),
  },
  searchFields: ['name', 'type', 'comment'],
  filterFields: ['name', 'type', 'comment'],
  orderingFields: ['name', 'type', 'date_created'],
  defaultOrder: ['name'],
  orgScoped: true,
  bulk: true,
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    beforeCreate: stampNew(false),
    validate: (args, data, existing) =>
      mergeErrors(
        unknownIds(args, 'assets', 'asset', data.asset),
        normaliseParams(args, data, existing) as Record<string, string[]> | null,
      ),
    serialize: (args, row, out) => {
      out.asset_info = assetInfo(args.db, String(row.asset)) ?? null;
      out.params = readableParams(row);
      const type = REMOTE_APP_TYPES.find((choice) => choice.value === row.type);
      out.get_type_display = type ? pick(args.ctx.lang, type.label) : String(row.type);
    },
  },
  sample: remoteAppSample,
};
