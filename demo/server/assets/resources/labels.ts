// /api/v1/assets/labels/ (§2.3): name + value unique per org; `?distinct=1` answers one row per
// name with its values joined: [{name, value: "v1, v2"}].
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { ResourceDef } from '../../engine/types.ts';
import {
  auditFields,
  computed,
  idField,
  L,
  readOnly,
  relationList,
  replaceRelations,
  stampNew,
  unknownIds,
  noteField,
} from '../../engine/field-kit.ts';
import { assetIdsOfLabel, distinctLabels } from '../label-store.ts';

const CATEGORIES = { S: L('系统', 'System'), U: L('用户', 'User') };

export const labelsResource: ResourceDef = {
  name: 'Label List',
  model: L('标签', 'Label'),
  url: '/api/v1/assets/labels/',
  table: 'labels',
  fields: {
    id: idField(),
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128 },
    value: { type: 'string', label: L('值', 'Value'), required: true, max_length: 128 },
    category: {
      ...readOnly('choice', '类别', 'Category'),
      choices: Object.entries(CATEGORIES).map(([value, label]) => ({ value, label })),
    },
    get_category_display: computed('string', '类别名称', 'Category display'),
    is_active: { type: 'boolean', label: L('激活', 'Is active'), default: true },
    comment: noteField('备注', 'Comment'),
    assets: relationList('资产', 'Assets', '/api/v1/assets/assets/'),
    asset_count: computed('integer', '资产数量', 'Asset count'),
    ...auditFields(false),
  },
  searchFields: ['name', 'value'],
  filterFields: ['name', 'value'],
  orderingFields: ['name', 'value'],
  defaultOrder: ['name', 'value'],
  orgScoped: true,
  bulk: true,
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    // `distinct=1` is a different answer for the same list URL: the hook answers it before the list runs.
    refuse: (args, action) =>
      action === 'list' && (args.request.query as Record<string, string>).distinct === '1'
        ? { status: 200, body: distinctLabels(args.db, args.ctx.org) }
        : null,
    beforeCreate: (args, data) => {
      stampNew(false)(args, data);
      data.category = 'U';
    },
    validate: (args, data) => unknownIds(args, 'assets', 'assets', data.assets),
    afterWrite: (args, id, data) => {
      if (Array.isArray(data.assets)) replaceRelations(args, 'asset_labels', 'label_id', id, 'asset_id', data.assets);
    },
    serialize: ({ db, ctx }, row, out) => {
      out.assets = assetIdsOfLabel(db, String(row.id));
      out.asset_count = (out.assets as string[]).length;
      out.get_category_display = CATEGORIES[row.category as 'S' | 'U']?.[ctx.lang] ?? '';
    },
  },
  sample: ({ seq }) => ({
    create: [0, 1].map((i) => ({ name: `env-${seq}`, value: `value-${i}`, comment: `sample ${seq}` })),
    update: { comment: `updated ${seq}`, is_active: false },
  }),
};
