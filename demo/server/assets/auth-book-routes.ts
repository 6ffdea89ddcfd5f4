// POST /api/v1/assets/asset-users/ (2.3's AuthBook, Lina's "Update auth" dialog on the asset, admin-user and
// system-user asset lists): one account's credentials on one asset, or a list of them (all or nothing), each
// stored as a new version by auth-book-store.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsOrgAdmin } from '../core/permissions.ts';
import { validateBody } from '../engine/validate.ts';
import type { AuthedCtx, FieldDef, HookArgs, ResourceDef, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { isoAt } from '../core/lib/time.ts';
import { L, noteField, secretField, unknownIds } from '../engine/field-kit.ts';
import { insertAuthBookVersion } from './auth-book-store.ts';
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

/** Stores one version (validated data); returns its union id. */
function insertVersion(args: HookArgs, data: Row): string {
  const text = (value: unknown) => (value as string | undefined) || '';
  return insertAuthBookVersion(args.db, {
    assetId: data.asset as string,
    username: data.username as string,
    comment: (data.comment as string | undefined) ?? '',
    // 2.3 drops empty secrets (clean_auth_fields): the version then leaves that part to the account's own.
    password: text(data.password),
    private_key: text(data.private_key),
    public_key: text(data.public_key),
    createdBy: args.ctx.user.name,
    at: isoAt(args.now),
  });
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
