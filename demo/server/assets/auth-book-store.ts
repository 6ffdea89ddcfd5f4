// 2.3's AuthBook (assets/models/authbook.py): `POST /api/v1/assets/asset-users/` stores a new version of
// one account's credentials on one asset — Lina's "Update auth" dialog on the asset, admin-user and
// system-user asset lists. Versions of an (asset, username) count 1, 2, 3…; the newest is the one in force:
// the asset users list shows it first (backend 'db', migration 24), a terminal's system-user auth-info and
// the admin user's tasks on that asset use its password / key over the system or admin user's own.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsOrgAdmin } from '../core/permissions.ts';
import type { DB } from '../core/db/open.ts';
import { validateBody } from '../engine/validate.ts';
import type { AuthedCtx, FieldDef, HookArgs, ResourceDef, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { openColumns, sealColumns } from '../core/secrets/sealed-columns.ts';
import { L, noteField, secretField, unknownIds } from '../engine/field-kit.ts';
import { privateKeyErrors } from './secrets.ts';

/** 2.3's AssetUserWriteSerializer: username and asset required, the secrets write-only. */
const writeFields: Record<string, FieldDef> = {
  username: { type: 'string', label: L('用户名', 'Username'), required: true, max_length: 128 },
  asset: { type: 'string', label: L('资产', 'Asset'), required: true, relation: '/api/v1/assets/assets/' },
  password: { ...secretField('密码', 'Password'), max_length: 1024 },
  private_key: { ...secretField('ssh私钥', 'SSH private key'), multiline: true, max_length: 4096 },
  public_key: { ...secretField('ssh公钥', 'SSH public key'), multiline: true, max_length: 4096 },
  comment: noteField('备注', 'Comment'),
};

const writeDef: ResourceDef = {
  name: 'Asset User List',
  model: L('资产用户', 'Asset user'),
  url: '',
  table: 'auth_book',
  fields: writeFields,
  permissions: { list: IsOrgAdmin, retrieve: IsOrgAdmin, create: IsOrgAdmin, update: IsOrgAdmin, delete: IsOrgAdmin },
  hooks: {
    validate: (args, data) => {
      const asset = unknownIds(args, 'assets', 'asset', data.asset);
      return asset ?? privateKeyErrors(args, data);
    },
  },
  sample: () => ({ create: [], update: {} }),
};

export interface AuthBookSecrets {
  password: string;
  private_key: string;
  public_key: string;
}

/** The newest version of `username` on `assetId`, secrets in clear, or null. */
export function latestAuthBook(db: DB, assetId: string, username: string): AuthBookSecrets | null {
  const row = db
    .prepare(
      'SELECT password, private_key, public_key FROM auth_book WHERE asset_id = ? AND username = ? ORDER BY version DESC LIMIT 1',
    )
    .get(assetId, username) as AuthBookSecrets | undefined;
  return row ? openColumns(db, 'auth_book', row) : null;
}

/** 2.3's `_merge_auth`: a version's password replaces the account's when set; its key pair replaces both keys when either is set. */
export function withAssetAuth<T extends { password?: unknown; private_key?: unknown; public_key?: unknown }>(
  base: T,
  special: AuthBookSecrets | null,
): T {
  if (!special) return base;
  const merged = { ...base };
  if (special.password) merged.password = special.password;
  if (special.private_key || special.public_key) {
    merged.private_key = special.private_key;
    merged.public_key = special.public_key;
  }
  return merged;
}

/** Removes one version (the asset users' DELETE of a 'db' row that is not the newest). */
export function deleteAuthBookVersion(db: DB, authBookId: string): void {
  db.prepare('DELETE FROM auth_book WHERE id = ?').run(authBookId);
}

/** Whether a 'db' row of the asset users (`<authbook id>_<asset id>`) is the newest version (2.3 refuses to delete it). */
export function isLatestVersion(db: DB, authBookId: string): boolean {
  return !!db
    .prepare(
      `SELECT 1 FROM auth_book b WHERE b.id = ?
    AND b.version = (SELECT MAX(version) FROM auth_book o WHERE o.asset_id = b.asset_id AND o.username = b.username)`,
    )
    .get(authBookId);
}

/** Inserts one version (validated data), numbered after the newest of its (asset, username); returns its union id. */
function insertVersion(args: HookArgs, data: Row): string {
  const { db } = args;
  const asset = db.prepare('SELECT org_id FROM assets WHERE id = ?').get(data.asset) as { org_id: string };
  const version =
    (db
      .prepare('SELECT COALESCE(MAX(version), 0) FROM auth_book WHERE asset_id = ? AND username = ?')
      .pluck()
      .get(data.asset, data.username) as number) + 1;
  const id = uuid();
  const row = sealColumns(db, 'auth_book', {
    id,
    asset_id: data.asset,
    username: data.username,
    version,
    comment: data.comment ?? '',
    org_id: asset.org_id,
    // 2.3 drops empty secrets (clean_auth_fields): the version then leaves that part to the account's own.
    password: data.password || '',
    private_key: data.private_key || '',
    public_key: data.public_key || '',
    created_by: args.ctx.user.name,
    date_created: isoAt(args.now),
    date_updated: isoAt(args.now),
  });
  db.prepare(
    `INSERT INTO auth_book (id, asset_id, username, version, comment, org_id, password, private_key, public_key, created_by, date_created, date_updated)
    VALUES (@id, @asset_id, @username, @version, @comment, @org_id, @password, @private_key, @public_key, @created_by, @date_created, @date_updated)`,
  ).run(row);
  return `${id}_${data.asset}`;
}

/**
 * Lina's dialog sends the key file's text as `key` (2.3's serializer ignored it, so the key was lost):
 * taken as `private_key` when that is not given.
 */
function normalised(item: unknown): unknown {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
  const body = item as Row;
  return body.private_key === undefined && typeof body.key === 'string' && body.key
    ? { ...body, private_key: body.key }
    : body;
}

function create(request: FastifyRequest, reply: FastifyReply) {
  if (!authorize(request, reply, IsOrgAdmin)) return reply;
  const { db, now } = request.server.bastion;
  const args: HookArgs = { db, ctx: request.ctx as AuthedCtx, request, now: now() };
  // One object, or a list of them (2.3's bulk create): all or nothing.
  const many = Array.isArray(request.body);
  const items = (many ? (request.body as unknown[]) : [request.body ?? {}]).map(normalised);
  if (many && items.length === 0)
    return reply.code(400).send({ non_field_errors: [t(args.ctx.lang, 'request.invalid_body')] });
  const checked = items.map((item) => validateBody(writeDef, args, item, null, 'create'));
  if (checked.some((c) => c.errors)) {
    const errors = checked.map((c) => c.errors ?? {});
    return reply.code(400).send(many ? errors : errors[0]);
  }
  const answers = db.transaction(() =>
    checked.map(({ data }) => ({
      id: insertVersion(args, data),
      username: data.username,
      asset: data.asset,
      comment: data.comment ?? '',
    })),
  )();
  return reply.code(201).send(many ? answers : answers[0]);
}

export function registerAuthBookRoutes(app: FastifyInstance, url: string): void {
  app.post(url, create);
}
