// A session's recording (§2.6, contract §2): the terminal uploads it (multipart `file`, asciicast v2 plain
// or gzip); auditors and admins get `{type, src, ...}` where `src` is the same-origin URL serving the
// asciicast itself (audit permission checked there too, gzip when the client takes it), and
// `replay/download/` a tar of the recording and the session's metadata.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { authorize, IsAppUser } from '../core/permissions.ts';
import { headerValue } from '../core/auth/request-context.ts';
import { serializeRow } from '../engine/serialize.ts';
import type { AuthedCtx, HookArgs, Row } from '../engine/types.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { formatDateTime } from '../core/lib/time.ts';
import { storedOrgId } from '../core/orgs/current-org.ts';
import { terminalSessionsResource } from './resources/terminal-sessions.ts';
import { terminalOf } from './app-user.ts';
import { IsSessionReaderOrOwner, ownSessionsOnly } from './session-owner.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { findRecording, openRecording } from './recordings.ts';
import { ReplayFiles, ReplayRejected, ReplayTooLarge } from './replay-files.ts';
import { StoreUnavailable } from './replay-objects.ts';
import { storedObject } from './replay-object-store.ts';
import { tarStream } from './tar.ts';
import type { PermissionCheck } from '../core/permissions.ts';
import { markHasReplay, sessionInOrg } from './session-store.ts';

const BASE = '/api/v1/terminal/sessions/:id/replay/';
const REPLACED = {
  en: "This session's recording was uploaded already: it is kept as first uploaded and cannot be replaced.",
  zh: '该会话的录像已上传，不能替换',
};
/** One recording at most this big by default (a long heavy session is tens of MB gzip). */
export const MAX_REPLAY_BYTES = 512 * 1024 * 1024;

export const replaySrc = (sessionId: string) => `/api/v1/terminal/sessions/${sessionId}/replay/asciicast/`;
const downloadUrl = (sessionId: string) => `/api/v1/terminal/sessions/${sessionId}/replay/download/`;

/** The session named in the path, in the caller's org, once `check` passed; else the answer is sent. */
function sessionFor(
  request: FastifyRequest,
  reply: FastifyReply,
  check: PermissionCheck,
): { args: HookArgs; row: Row } | null {
  if (!authorize(request, reply, check)) return null;
  const { db, now } = request.server.bastion;
  const id = String((request.params as { id: string }).id).toLowerCase();
  const org = request.ctx.org;
  const row = UUID_PATTERN.test(id)
    ? (sessionInOrg(db, id, org.kind === 'root' ? null : storedOrgId(org)) as Row | undefined)
    : undefined;
  const ctx = request.ctx as AuthedCtx;
  const own = ownSessionsOnly(db, ctx, now());
  if (!row || (own && row.user_id !== ctx.user.id)) {
    reply
      .code(404)
      .send({ detail: request.ctx.lang === 'zh' ? '会话 对象不存在。' : 'Session object does not exist.' });
    return null;
  }
  return { args: { db, ctx: request.ctx as AuthedCtx, request, now: now() }, row };
}

function missingReplay(reply: FastifyReply, lang: string) {
  return reply.code(404).send({ error: lang === 'zh' ? '录像文件不存在' : 'Replay file not found' });
}

/**
 * An upload that broke while being read (a limit, a malformed multipart body, a body cut off) is the
 * request's fault and answers 400; anything else (the disk) stays a 500.
 */
function isBrokenUpload(error: unknown): boolean {
  const code = String((error as { code?: string }).code ?? '');
  const message = error instanceof Error ? error.message : '';
  return (
    code.startsWith('FST_') ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /^(Unexpected end of|Part terminated early|Malformed|Multipart: )/.test(message)
  );
}

/**
 * RFC 2046's boundary: 1 to 70 characters of its set (quoted when it holds a special one), no trailing
 * space. Checked before the parser sees the body: busboy throws plain errors for a missing boundary and
 * for one longer than its search buffer, which would otherwise look like a fault of the server.
 */
const BOUNDARY =
  /;\s*boundary\s*=\s*(?:"[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]"|[0-9A-Za-z'()+_,\-./:=?]{1,70})\s*(?:;|$)/i;
const hasValidBoundary = (contentType: string | undefined): boolean => BOUNDARY.test(contentType ?? '');

/** A recording kept in an object store that cannot be read now: 502 with the store's reason. */
const storeDown = (reply: FastifyReply, error: StoreUnavailable, lang: string) =>
  reply
    .code(502)
    .send({ detail: `${lang === 'zh' ? '无法读取录像存储' : 'The replay storage cannot be read'}: ${error.message}` });

export function registerReplayRoutes(
  app: FastifyInstance,
  files: ReplayFiles,
  policy: TargetPolicy,
  maxBytes = MAX_REPLAY_BYTES,
): void {
  const tooLarge = { file: [`The file is larger than ${maxBytes} bytes.`] };
  // Multipart only here, in its own scope: no other route takes uploads.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } });
    scope.post(BASE, async (request, reply) => {
      // Only the terminal that carried the session uploads its recording (not an admin, not another terminal).
      const found = sessionFor(request, reply, IsAppUser);
      if (!found) return reply;
      const { args, row } = found;
      if (terminalOf(args.db, args.ctx.user)?.id !== row.terminal) {
        return reply.code(403).send({ detail: 'This session belongs to another terminal.' });
      }
      if (!request.isMultipart()) return reply.code(400).send({ file: ['No file was submitted.'] });
      if (!hasValidBoundary(headerValue(request, 'content-type'))) {
        return reply
          .code(400)
          .send({ file: ['The multipart body has no valid boundary (1 to 70 characters, RFC 2046).'] });
      }
      let staged: string | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file' || staged) {
            part.file.resume();
            continue;
          }
          staged = await files.stage(part.file);
        }
      } catch (error) {
        if (staged) files.discard(staged);
        if (error instanceof ReplayTooLarge || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          return reply.code(400).send(tooLarge);
        if (error instanceof ReplayRejected) return reply.code(400).send({ file: [error.message] });
        if (isBrokenUpload(error))
          return reply
            .code(400)
            .send({ file: [`The multipart body is malformed or cut off: ${(error as Error).message}`] });
        throw error;
      }
      if (!staged) return reply.code(400).send({ file: ['No file was submitted.'] });
      // Only now, the whole request read and the file checked, is it stored — once: a recording is never
      // replaced. The same recording sent again (a retry after a lost answer) is taken as already done.
      const id = String(row.id);
      // Stored in an object store by the terminal already: the same recording is done, another refused.
      const inStore = storedObject(args.db, id);
      if (inStore) {
        const same = (await files.digestOf(staged).finally(() => files.discard(staged!))) === inStore.sha256;
        return same
          ? reply.code(201).send({ url: replaySrc(id) })
          : reply.code(409).send({ file: [REPLACED[args.ctx.lang]] });
      }
      if (!files.commitOnce(id, staged)) {
        const same = await files.sameRecording(id, staged).finally(() => files.discard(staged!));
        if (!same) return reply.code(409).send({ file: [REPLACED[args.ctx.lang]] });
      }
      markHasReplay(args.db, id);
      return reply.code(201).send({ url: replaySrc(id) });
    });
  });

  app.get(BASE, (request, reply) => {
    const found = sessionFor(request, reply, IsSessionReaderOrOwner);
    if (!found) return reply;
    const { args, row } = found;
    if (!findRecording(args.db, files, row)) return missingReplay(reply, args.ctx.lang);
    const tz = args.ctx.tz;
    return {
      type: 'json',
      src: replaySrc(String(row.id)),
      user: row.user,
      asset: row.asset,
      system_user: row.system_user,
      date_start: formatDateTime(row.date_start as string, tz),
      date_end: formatDateTime(row.date_end as string | null, tz),
      download_url: downloadUrl(String(row.id)),
    };
  });

  // The recording itself: the stored gzip as is when the client accepts gzip, else inflated on the way.
  app.get(`${BASE}asciicast/`, { compress: false }, async (request, reply) => {
    const found = sessionFor(request, reply, IsSessionReaderOrOwner);
    if (!found) return reply;
    const recording = findRecording(found.args.db, files, found.row);
    if (!recording) return missingReplay(reply, found.args.ctx.lang);
    let opened;
    try {
      opened = await openRecording(found.args.db, policy, recording);
    } catch (error) {
      if (error instanceof StoreUnavailable) return storeDown(reply, error, found.args.ctx.lang);
      throw error;
    }
    reply
      .header('Content-Type', 'application/x-asciicast; charset=utf-8')
      .header('Vary', 'Accept-Encoding')
      .header('Cache-Control', 'private, no-store');
    if (/\bgzip\b/i.test(headerValue(request, 'accept-encoding') ?? '')) {
      return reply.header('Content-Encoding', 'gzip').header('Content-Length', String(opened.size)).send(opened.stream);
    }
    return reply.send(inflated(opened.stream));
  });

  app.get(`${BASE}download/`, { compress: false }, async (request, reply) => {
    const found = sessionFor(request, reply, IsSessionReaderOrOwner);
    if (!found) return reply;
    const { args, row } = found;
    const id = String(row.id);
    const recording = findRecording(args.db, files, row);
    if (!recording) return missingReplay(reply, args.ctx.lang);
    let opened;
    try {
      opened = await openRecording(args.db, policy, recording);
    } catch (error) {
      if (error instanceof StoreUnavailable) return storeDown(reply, error, args.ctx.lang);
      throw error;
    }
    const meta = Buffer.from(JSON.stringify(serializeRow(terminalSessionsResource, args, row, 'retrieve'), null, 2));
    const cast = { name: `${id}.cast.gz`, ...opened };
    const { stream, length } = tarStream([cast, { name: `${id}.json`, data: meta }], args.now / 1000);
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Length', String(length))
      .header('Content-Disposition', `attachment; filename="${id}.tar"`)
      .send(stream);
  });
}

/** The stored gzip inflated on the way; a source that fails (a store cut off) fails the answer too. */
function inflated(source: Readable): Readable {
  const gunzip = createGunzip();
  source.once('error', (error) => gunzip.destroy(error));
  return source.pipe(gunzip);
}
