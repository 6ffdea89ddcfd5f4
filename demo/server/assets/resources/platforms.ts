// /api/v1/assets/platforms/ (§2.3): global, integer ids, not bulk; reading needs IsOrgAdmin, writing
// IsSuperUser; the seven seeded internal platforms cannot be changed or deleted (403 'Internal platform').
import { IsOrgAdmin, IsSuperUser } from '../../core/permissions.ts';
import type { HookArgs, ResourceDef, Row } from '../../engine/types.ts';
import { computed, idField, L, message, noteField } from '../../engine/field-kit.ts';
import { platformInUse } from '../asset-store.ts';
import { insertPlatform, isInternalPlatform, setPlatformMeta } from '../platform-store.ts';

const SLUG = /^[-a-zA-Z0-9_]+$/;
const BASES = ['Linux', 'Unix', 'MacOS', 'BSD', 'Windows', 'Other'];

/** `meta` is a JSON object the engine's scalar fields cannot carry: it is read from the raw body. */
function rawMeta(args: HookArgs): string | null | undefined {
  const body = args.request.body as Row | null;
  if (!body || Array.isArray(body) || !('meta' in body)) return undefined;
  return body.meta && typeof body.meta === 'object' ? JSON.stringify(body.meta) : null;
}

function internalRefusal(args: HookArgs) {
  const id = (args.request.params as { id?: string }).id;
  const internal = id && isInternalPlatform(args.db, id);
  return internal ? { status: 403, body: { detail: message(args, L('内部平台', 'Internal platform')) } } : null;
}

export const platformsResource: ResourceDef = {
  name: 'Platform List',
  model: L('系统平台', 'Platform'),
  url: '/api/v1/assets/platforms/',
  table: 'platforms',
  fields: {
    id: { ...idField(), type: 'integer' },
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 50, unique: true },
    base: {
      type: 'choice',
      label: L('基础', 'Base'),
      choices: BASES.map((b) => ({ value: b, label: L(b, b) })),
      default: 'Linux',
    },
    charset: {
      type: 'choice',
      label: L('编码', 'Charset'),
      choices: [
        { value: 'utf8', label: L('UTF-8', 'UTF-8') },
        { value: 'gbk', label: L('GBK', 'GBK') },
      ],
      default: 'utf8',
    },
    meta: { ...computed('field', '元数据', 'Meta'), column: false },
    internal: { type: 'boolean', label: L('内部的', 'Internal'), read_only: true },
    comment: noteField('备注', 'Comment'),
  },
  searchFields: ['name'],
  filterFields: ['name', 'base'],
  orderingFields: ['name', 'base'],
  defaultOrder: ['name'],
  permissions: {
    list: IsOrgAdmin,
    retrieve: IsOrgAdmin,
    create: IsSuperUser,
    update: IsSuperUser,
    delete: IsSuperUser,
  },
  hooks: {
    refuse: (args, action) => (action === 'update' || action === 'delete' ? internalRefusal(args) : null),
    validate: (args, data) =>
      typeof data.name === 'string' && !SLUG.test(data.name)
        ? {
            name: [
              message(
                args,
                L(
                  '请输入合法的“短语“，只能包含字母，数字，下划线或者中划线。',
                  "Enter a valid 'slug' consisting of letters, numbers, underscores or hyphens.",
                ),
              ),
            ],
          }
        : null,
    insert: ({ db }, data) =>
      insertPlatform(db, {
        name: data.name as string,
        base: data.base as string,
        charset: data.charset as string,
        comment: (data.comment as string | undefined) ?? '',
      }),
    afterWrite: (args, id) => {
      const meta = rawMeta(args);
      if (meta !== undefined) setPlatformMeta(args.db, id, meta);
    },
    beforeDelete: (args, row) =>
      platformInUse(args.db, String(row.name))
        ? {
            status: 400,
            body: { error: message(args, L('有资产使用该平台，不能删除', 'Cannot delete a platform that assets use')) },
          }
        : null,
    serialize: (_args, row, out) => {
      out.meta = row.meta ? JSON.parse(String(row.meta)) : null;
    },
  },
  sample: ({ seq }) => ({
    create: [0, 1].map((i) => ({
      name: `Sample-${seq}-${i}`,
      base: i ? 'Windows' : 'Linux',
      charset: 'utf8',
      comment: `sample ${seq}`,
    })),
    update: { comment: `updated ${seq}`, charset: 'gbk' },
  }),
};
