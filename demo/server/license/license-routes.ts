// The licence endpoints of the settings page's Licence tab (super admin only):
//   POST /api/v1/xpack/license/import  multipart `file` -> 200 {status: true, msg} / 400 {status: false, msg}
//   GET  /api/v1/xpack/license/detail  -> {subscription_id, corporation, date_expired, asset_count, edition, is_valid}
// A valid import stores the file and turns XPACK_LICENSE_IS_VALID on (public settings: the console hides the
// footer's GPL line and shows licence-only menus). Without a stored file the detail has empty values and
// is_valid is the XPACK_LICENSE_IS_VALID switch (BASTION_LICENSE_VALID=1 or the settings API).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsSuperUser } from '../core/permissions.ts';
import type { Lang } from '../core/lib/i18n.ts';
import { checkLicense } from './license-format.ts';

/** A licence file is a few hundred bytes; anything far bigger is not one. */
const MAX_LICENSE_BYTES = 64 * 1024;
/** Settings row holding the imported file (not in any editable group, so never listed or patched). */
export const LICENSE_CONTENT_SETTING = 'XPACK_LICENSE_CONTENT';

const MESSAGES = {
  imported: { en: 'License import successfully', zh: '许可证导入成功' },
  invalid: {
    en: 'License is invalid: the file is not a licence signed for this server, or it was changed',
    zh: '许可证无效：文件不是为本系统签发的许可证，或已被修改',
  },
  expired: { en: 'License has expired on {date}', zh: '许可证已于 {date} 过期' },
  noFile: { en: 'No license file was submitted', zh: '未提交许可证文件' },
  tooBig: { en: 'The license file is too large', zh: '许可证文件过大' },
} as const;
const say = (lang: Lang, key: keyof typeof MESSAGES, date = '') => MESSAGES[key][lang].replace('{date}', date);

async function readFile(request: FastifyRequest): Promise<string | 'none' | 'too_big'> {
  if (!request.isMultipart()) return 'none';
  let text: string | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const buffer = await part.toBuffer();
    if (part.file.truncated) return 'too_big';
    if (part.fieldname === 'file' && text === null) text = buffer.toString('utf8');
  }
  return text ?? 'none';
}

export function registerLicenseRoutes(app: FastifyInstance): void {
  const { settings } = app.bastion;

  app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: MAX_LICENSE_BYTES, files: 1, fields: 5, parts: 6 } });
    const importLicense = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!authorize(request, reply, IsSuperUser)) return reply;
      const { lang } = request.ctx;
      const refuse = (msg: string) => reply.code(400).send({ status: false, msg });
      let text: Awaited<ReturnType<typeof readFile>>;
      try {
        text = await readFile(request);
      } catch (error) {
        // Whatever breaks while reading the upload (limits, a malformed or cut-off body) is the request's fault:
        // nothing has been stored yet.
        const code = String((error as { code?: string }).code ?? '');
        return refuse(say(lang, code === 'FST_REQ_FILE_TOO_LARGE' ? 'tooBig' : 'invalid'));
      }
      if (text === 'none') return refuse(say(lang, 'noFile'));
      if (text === 'too_big') return refuse(say(lang, 'tooBig'));
      const result = checkLicense(text, request.server.bastion.now());
      if (!result.ok)
        return refuse(
          result.reason === 'expired' ? say(lang, 'expired', result.terms!.date_expired) : say(lang, 'invalid'),
        );
      app.bastion.db.transaction(() => {
        settings.set(LICENSE_CONTENT_SETTING, text.trim(), 'license_file');
        settings.set('XPACK_LICENSE_IS_VALID', true, 'license');
      })();
      return { status: true, msg: say(lang, 'imported') };
    };
    scope.post('/api/v1/xpack/license/import', importLicense);
    scope.post('/api/v1/xpack/license/import/', importLicense);
  });

  const detail = (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const stored = settings.get<string | undefined>(LICENSE_CONTENT_SETTING);
    const result = typeof stored === 'string' ? checkLicense(stored, request.server.bastion.now()) : null;
    const terms = result?.ok ? result.terms : result?.terms;
    if (!terms) {
      return {
        subscription_id: '',
        corporation: '',
        date_expired: '',
        asset_count: null,
        edition: '',
        is_valid: settings.get<boolean>('XPACK_LICENSE_IS_VALID') === true,
      };
    }
    return { ...terms, is_valid: result!.ok && settings.get<boolean>('XPACK_LICENSE_IS_VALID') === true };
  };
  app.get('/api/v1/xpack/license/detail', detail);
  app.get('/api/v1/xpack/license/detail/', detail);
}
