// /api/v1/assets/nodes/ (§2.3): org-scoped, not bulk. POST makes a child of the org root; the tree
// endpoints live in ../assets/node-routes.ts and the key rules in ../assets/node-tree.ts.
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { HookArgs, ResourceDef, Row } from '../../engine/types.ts';
import { t } from '../../core/lib/i18n.ts';
import { computed, idField, L, message, writeOrg } from '../../engine/field-kit.ts';
import { nodeHasAssets } from '../node-asset-store.ts';
import { createChild, fullValue } from '../node-tree.ts';
import { hasChildren, nodeById, orgRoot, siblingNameTaken } from '../node-store.ts';

export const NODE_MESSAGES = {
  sameName: L('同级别节点名字不能重复', 'The same level node name cannot be the same'),
  rootRename: L('不能修改根节点名称', "You can't update the root node name"),
  deleteRefused: L('删除失败，节点包含子节点或资产', 'Deletion failed and the node contains children or assets'),
};

function renamingRoot(args: HookArgs): boolean {
  const id = (args.request.params as { id?: string }).id;
  const body = args.request.body as Row | null;
  const node = id ? nodeById(args.db, id) : null;
  return (
    !!node &&
    node.parent_key === '' &&
    !!body &&
    typeof body === 'object' &&
    body.value !== undefined &&
    body.value !== node.value
  );
}

export const nodesResource: ResourceDef = {
  name: 'Node List',
  model: L('节点', 'Node'),
  url: '/api/v1/assets/nodes/',
  table: 'nodes',
  fields: {
    id: idField(),
    key: { type: 'string', label: L('键', 'Key'), read_only: true },
    value: { type: 'string', label: L('值', 'Value'), max_length: 128, allow_blank: true },
    name: computed('string', '名称', 'Name'),
    full_value: computed('string', '全称', 'Full value'),
  },
  searchFields: ['value'],
  filterFields: ['value', 'key', 'id'],
  defaultOrder: ['key'],
  orgScoped: true,
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    refuse: (args, action) =>
      action === 'update' && renamingRoot(args)
        ? { status: 400, body: { error: message(args, NODE_MESSAGES.rootRename) } }
        : null,
    validate: (args, data, existing) => {
      // A blank name on create means "New node N"; an existing node keeps a name.
      if (existing && data.value === '') return { value: [t(args.ctx.lang, 'field.blank')] };
      if (typeof data.value !== 'string' || !data.value) return null;
      const parentKey = existing ? String(existing.parent_key) : orgRoot(args.db, writeOrg(args), args.now).key;
      return siblingNameTaken(args.db, parentKey, data.value, existing ? String(existing.id) : null)
        ? { value: [message(args, NODE_MESSAGES.sameName)] }
        : null;
    },
    insert: (args, data) =>
      createChild(args.db, orgRoot(args.db, writeOrg(args), args.now), data.value as string | undefined, args.now).id,
    beforeDelete: (args, row) =>
      hasChildren(args.db, String(row.key)) || nodeHasAssets(args.db, String(row.id))
        ? { status: 403, body: { error: message(args, NODE_MESSAGES.deleteRefused) } }
        : null,
    serialize: ({ db }, row, out) => {
      out.name = row.value;
      out.full_value = fullValue(db, String(row.key));
    },
  },
  sample: ({ seq }) => ({
    create: [0, 1].map((i) => ({ value: `Sample node ${seq}-${i}` })),
    update: { value: `Renamed node ${seq}` },
  }),
};
