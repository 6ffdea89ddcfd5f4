// The two storage definitions (replay-storages/, command-storages/, §2.6) differ only in their types:
// one builder. Superusers only, global; the built-in types (null, server) cannot be deleted (400 {msg}).
import { everyAction, IsSuperUser } from '../core/permissions.ts';
import { L } from '../engine/field-kit.ts';
import type { ResourceDef, Row } from '../engine/types.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { storageInUse } from './replay-object-store.ts';
import { storageSample } from './samples.ts';
import {
  BUILT_IN_TYPES,
  normaliseMeta,
  openMeta,
  sealMeta,
  STORAGE_TYPE_CHOICES,
  visibleMeta,
  type StorageKind,
} from './storage-meta.ts';

const IN_USE = {
  en: 'Session recordings are kept in this storage (or still on their way to it): it cannot be deleted or change its type.',
  zh: '该存储中保存着会话录像（或有录像尚待保存）：不能删除，也不能更改类型',
};

const parsed = (meta: unknown): Record<string, unknown> =>
  typeof meta === 'string' ? (JSON.parse(meta) as Record<string, unknown>) : ((meta as Record<string, unknown>) ?? {});

export function storageResource(kind: StorageKind): ResourceDef {
  const isReplay = kind === 'replay';
  return {
    name: isReplay ? 'Replay Storage List' : 'Command Storage List',
    model: isReplay ? L('录像存储', 'Replay storage') : L('命令存储', 'Command storage'),
    url: `/api/v1/terminal/${kind}-storages/`,
    table: `${kind}_storages`,
    fields: {
      id: { type: 'string', label: L('ID', 'ID'), read_only: true },
      name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 32, unique: true },
      type: { type: 'choice', label: L('类型', 'Type'), choices: STORAGE_TYPE_CHOICES[kind], default: 'server' },
      meta: { type: 'dict', label: L('元数据', 'Meta'), default: {} },
      comment: {
        type: 'string',
        label: L('备注', 'Comment'),
        allow_blank: true,
        default: '',
        multiline: true,
        max_length: 128,
      },
      created_by: { type: 'string', label: L('创建者', 'Created by'), read_only: true },
      date_created: { type: 'datetime', label: L('创建日期', 'Date created'), read_only: true },
      date_updated: { type: 'datetime', label: L('更新日期', 'Date updated'), read_only: true },
    },
    searchFields: ['name', 'type'],
    filterFields: ['name', 'type'],
    orderingFields: ['name', 'type', 'date_created'],
    defaultOrder: ['name'],
    permissions: everyAction(IsSuperUser),
    csvImport: false,
    hooks: {
      beforeCreate: ({ ctx, now }, data) => {
        data.id = uuid();
        data.created_by = ctx.user.name;
        data.date_created = isoAt(now);
        data.date_updated = isoAt(now);
      },
      validate: (args, data, existing): Record<string, string[]> | null => {
        const type = String(data.type ?? existing?.type ?? 'server');
        // Recordings kept in it, or owed to it, are read with its type: it keeps it while it holds any.
        if (isReplay && existing && type !== existing.type && storageInUse(args.db, String(existing.id)))
          return { type: [IN_USE[args.ctx.lang]] };
        const previous = existing ? { type: String(existing.type), meta: openMeta(args.db, existing.meta) } : null;
        // Without meta in the body (a PATCH of the comment) the stored keys stay, re-filtered for the type.
        const sent =
          data.meta !== undefined ? parsed(data.meta) : previous && previous.type === type ? previous.meta : {};
        const { meta, errors } = normaliseMeta(kind, type, sent, previous, args.ctx.lang);
        if (errors.length) return { meta: errors };
        data.meta = sealMeta(args.db, meta);
        return null;
      },
      beforeDelete: (args, row: Row) => {
        if (BUILT_IN_TYPES.has(String(row.type)))
          return {
            status: 400,
            body: {
              msg: args.ctx.lang === 'zh' ? '不允许删除默认存储配置' : 'Deleting the default storage is not allowed',
            },
          };
        return isReplay && storageInUse(args.db, String(row.id))
          ? { status: 400, body: { msg: IN_USE[args.ctx.lang] } }
          : null;
      },
      serialize: (_args, row, out) => {
        out.meta = visibleMeta(kind, String(row.type), parsed(row.meta));
      },
    },
    sample: isReplay
      ? storageSample('s3', {
          BUCKET: 'replays',
          ACCESS_KEY: 'sample-access',
          SECRET_KEY: 'sample-secret',
          ENDPOINT: 'http://127.0.0.1:9/',
        })
      : storageSample('es', { HOSTS: ['http://127.0.0.1:9'], INDEX: 'jumpserver', DOC_TYPE: 'command' }),
  };
}

export const replayStoragesResource = storageResource('replay');
export const commandStoragesResource = storageResource('command');
