// The two calls of a terminal whose session's recording goes to an object store (our extension of 2.3,
// whose koko wrote to the bucket and then only PATCHed has_replay):
//   GET  sessions/<id>/replay/target/  where the recording goes: the replay storage the session was bound
//        to when it opened (terminal_sessions.replay_storage), with its settings and the object's name;
//   POST sessions/<id>/replay/object/  {sha256, size} "it is stored": the server finds the object there
//        (HEAD: size and x-amz-meta-sha256; its first bytes: an asciicast v2 header) and only then records
//        where it is and sets has_replay. Once: the same again answers 201, a different recording 409.
// Only the terminal that opened the session calls them. A store the server cannot reach answers 502, which
// the terminal retries.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsAppUser } from '../core/permissions.ts';
import type { UserRow } from '../core/context.ts';
import type { Row } from '../engine/types.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { replayObjectKey } from '../../shared/replay-object.ts';
import { terminalOf } from './app-user.ts';
import type { ReplayFiles } from './replay-files.ts';
import { replaySrc } from './replay-routes.ts';
import { firstLineOf, headObject, isObjectStore, StoreUnavailable } from './replay-objects.ts';
import { recordObject, storedObject } from './replay-object-store.ts';
import { replayStorageById } from './storage-store.ts';
import { openMeta } from './storage-meta.ts';
import { markHasReplay, sessionById } from './session-store.ts';

const BASE = '/api/v1/terminal/sessions/:id/replay/';
const SHA256 = /^[0-9a-f]{64}$/;

const TEXT = {
  replaced: {
    en: "This session's recording is stored already: it is kept as first stored and cannot be replaced.",
    zh: '该会话的录像已保存，不能替换',
  },
  onServer: {
    en: "This session's recording is kept on the server: upload it to replay/.",
    zh: '该会话的录像保存在服务器上，请上传到 replay/',
  },
  missing: { en: 'The object store does not hold this recording', zh: '对象存储中没有该录像' },
  notCast: { en: 'The stored object is not an asciicast v2 recording (gzip).', zh: '对象不是 asciicast v2 录像' },
  differs: {
    en: 'The object in the store is not the recording described (size or SHA-256 differ).',
    zh: '对象存储中的录像与所述不符',
  },
};

/** The caller's own session (the terminal that opened it), else the answer is sent. */
function ownSession(request: FastifyRequest, reply: FastifyReply): Row | null {
  if (!authorize(request, reply, IsAppUser)) return null;
  const { db } = request.server.bastion;
  const id = String((request.params as { id: string }).id).toLowerCase();
  const row = UUID_PATTERN.test(id) ? (sessionById(db, id) as Row | undefined) : undefined;
  if (!row) {
    reply
      .code(404)
      .send({ detail: request.ctx.lang === 'zh' ? '会话 对象不存在。' : 'Session object does not exist.' });
    return null;
  }
  if (terminalOf(db, request.ctx.user as UserRow)?.id !== row.terminal) {
    reply.code(403).send({ detail: 'This session belongs to another terminal.' });
    return null;
  }
  return row;
}

export function registerReplayObjectRoutes(app: FastifyInstance, files: ReplayFiles, policy: TargetPolicy): void {
  app.get(`${BASE}target/`, (request, reply) => {
    const session = ownSession(request, reply);
    if (!session) return reply;
    const { db } = app.bastion;
    const storage = replayStorageById(db, session.replay_storage as string | null);
    // Azure has no writer here yet (it is not S3-compatible and there is no Azure service to test one
    // against): its sessions, like the built-in server storage's, are kept on the server's disk.
    if (!storage || !(isObjectStore(storage.type) || storage.type === 'null'))
      return { type: 'server', storage: storage?.name ?? 'default' };
    if (storage.type === 'null') return { type: 'null', storage: storage.name };
    return {
      type: storage.type,
      storage: storage.name,
      key: replayObjectKey(String(session.id), String(session.date_start)),
      config: { ...openMeta(db, storage.meta), TYPE: storage.type },
    };
  });

  app.post(`${BASE}object/`, async (request, reply) => {
    const session = ownSession(request, reply);
    if (!session) return reply;
    const { db, now } = app.bastion;
    const lang = request.ctx.lang;
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as {
      sha256?: unknown;
      size?: unknown;
    };
    const sha256 = typeof body.sha256 === 'string' ? body.sha256.toLowerCase() : '';
    const size = Number(body.size);
    const errors: Record<string, string[]> = {};
    if (!SHA256.test(sha256))
      errors.sha256 = ['A SHA-256 in hex (64 characters) of the recording as recorded (inflated).'];
    if (!Number.isSafeInteger(size) || size <= 0) errors.size = ["The stored object's size in bytes."];
    if (Object.keys(errors).length) return reply.code(400).send(errors);
    const id = String(session.id);
    const storage = replayStorageById(db, session.replay_storage as string | null);
    if (!storage || !isObjectStore(storage.type)) return reply.code(400).send({ storage: [TEXT.onServer[lang]] });

    // Stored already (in the store, or on the server's disk by an upload): the same recording is done, another refused.
    const known = storedObject(db, id)?.sha256 ?? (files.exists(id) ? await files.digestOf(files.pathOf(id)) : null);
    if (known)
      return known === sha256
        ? reply.code(201).send({ url: replaySrc(id) })
        : reply.code(409).send({ file: [TEXT.replaced[lang]] });

    const bucket = String(openMeta(db, storage.meta).BUCKET ?? '').trim();
    const key = replayObjectKey(id, String(session.date_start));
    try {
      const head = await headObject(db, policy, storage, bucket, key);
      if (!head) return reply.code(400).send({ file: [`${TEXT.missing[lang]}: ${storage.name} ${bucket}/${key}`] });
      if (head.sha256 !== sha256 || head.size !== size) return reply.code(409).send({ file: [TEXT.differs[lang]] });
      let header: unknown = null;
      try {
        header = JSON.parse(await firstLineOf(db, policy, storage, bucket, key));
      } catch {
        /* reported below */
      }
      if (!header || typeof header !== 'object' || (header as { version?: unknown }).version !== 2)
        return reply.code(400).send({ file: [TEXT.notCast[lang]] });
    } catch (error) {
      if (error instanceof StoreUnavailable) return reply.code(502).send({ detail: error.message });
      throw error;
    }
    const kept = recordObject(db, {
      session_id: id,
      storage_id: storage.id,
      bucket,
      object_key: key,
      size,
      sha256,
      date_stored: isoAt(now()),
    });
    // Two reports at once: the first one recorded is the recording.
    if (kept.sha256 !== sha256) return reply.code(409).send({ file: [TEXT.replaced[lang]] });
    markHasReplay(db, id);
    return reply.code(201).send({ url: replaySrc(id) });
  });
}
