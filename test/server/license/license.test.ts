// The licence (issue 9): import of valid, expired, tampered and foreign-key files, the detail, the public
// flag the console reads, and who may call. Files are made by scripts/make-license.mjs as a vendor would.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { makeLicense } from '../../../scripts/make-license.mjs';
import { bearer, build, loginSession } from '../helpers.ts';

// The test clock starts at 2024-01-15 08:30 UTC.
const VALID = {
  corporation: 'ACME 有限公司',
  edition: 'Enterprise',
  asset_count: 5000,
  date_expired: '2025-01-31',
  subscription_id: 'sub-1',
};

function multipart(text: string, field = 'file') {
  const boundary = '----bastion-license-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="license.lic"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function importFile(
  app: FastifyInstance,
  auth: Record<string, string>,
  text: string,
  url = '/api/v1/xpack/license/import',
  field = 'file',
) {
  const { payload, headers } = multipart(text, field);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...auth, cookie: `django_language=en${auth.cookie ? `; ${auth.cookie}` : ''}` },
  });
}

const publicFlag = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/api/v1/settings/public/' })).json().data.XPACK_LICENSE_IS_VALID;

test('a valid licence is stored, turns the public flag on and shows in the detail', async (t) => {
  const app = await build(t);
  const admin = await bearer(app, 'admin');
  assert.equal(await publicFlag(app), false);
  const empty = await app.inject({ method: 'GET', url: '/api/v1/xpack/license/detail', headers: admin });
  assert.deepEqual(empty.json(), {
    subscription_id: '',
    corporation: '',
    date_expired: '',
    asset_count: null,
    edition: '',
    is_valid: false,
  });

  const response = await importFile(app, admin, makeLicense(VALID));
  assert.deepEqual([response.statusCode, response.json()], [200, { status: true, msg: 'License import successfully' }]);
  assert.equal(await publicFlag(app), true);
  const detail = await app.inject({ method: 'GET', url: '/api/v1/xpack/license/detail/', headers: admin });
  assert.deepEqual(detail.json(), { ...VALID, is_valid: true });
});

test('the trailing-slash import path and a file with line breaks are accepted too', async (t) => {
  const app = await build(t);
  const admin = await bearer(app, 'admin');
  const wrapped = makeLicense(VALID).replace(/(.{64})/g, '$1\n');
  const response = await importFile(app, admin, wrapped, '/api/v1/xpack/license/import/');
  assert.equal(response.statusCode, 200, response.body);
});

test('an expired licence is refused with its date and changes nothing', async (t) => {
  const app = await build(t);
  const admin = await bearer(app, 'admin');
  const response = await importFile(app, admin, makeLicense({ ...VALID, date_expired: '2024-01-14' }));
  assert.deepEqual(
    [response.statusCode, response.json()],
    [400, { status: false, msg: 'License has expired on 2024-01-14' }],
  );
  assert.equal(await publicFlag(app), false);
  // Good through its last day.
  const lastDay = await importFile(app, admin, makeLicense({ ...VALID, date_expired: '2024-01-15' }));
  assert.equal(lastDay.statusCode, 200);
});

test('tampered, foreign-key and garbage files are refused as invalid', async (t) => {
  const app = await build(t);
  const admin = await bearer(app, 'admin');
  const invalid = {
    status: false,
    msg: 'License is invalid: the file is not a licence signed for this server, or it was changed',
  };
  const good = JSON.parse(Buffer.from(makeLicense(VALID), 'base64').toString('utf8')) as {
    license: string;
    signature: string;
  };
  const tampered = Buffer.from(JSON.stringify({ ...good, license: good.license.replace('5000', '50000') })).toString(
    'base64',
  );
  const foreignKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  for (const text of [
    tampered,
    makeLicense(VALID, foreignKey),
    'not a licence',
    '',
    Buffer.from('{"license": 1}').toString('base64'),
  ]) {
    const response = await importFile(app, admin, text);
    assert.deepEqual([response.statusCode, response.json()], [400, invalid], text.slice(0, 30));
  }
  const noFile = await importFile(app, admin, makeLicense(VALID), undefined, 'other');
  assert.deepEqual([noFile.statusCode, noFile.json()], [400, { status: false, msg: 'No license file was submitted' }]);
  const json = await app.inject({
    method: 'POST',
    url: '/api/v1/xpack/license/import',
    headers: admin,
    payload: { file: makeLicense(VALID) },
  });
  assert.equal(json.statusCode, 400);
  assert.equal(await publicFlag(app), false);
});

test('zh is the default language of the messages', async (t) => {
  const app = await build(t);
  const admin = await bearer(app, 'admin');
  const { payload, headers } = multipart(makeLicense({ ...VALID, date_expired: '2023-12-31' }));
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/xpack/license/import',
    payload,
    headers: { ...headers, ...admin },
  });
  assert.equal(response.json().msg, '许可证已于 2023-12-31 过期');
});

test('only the super admin imports or reads the licence', async (t) => {
  const app = await build(t);
  for (const username of ['sysauditor', 'orgadmin', 'user']) {
    const session = await loginSession(app, username);
    const response = await importFile(app, session.headers, makeLicense(VALID));
    assert.equal(response.statusCode, 403, username);
    const detail = await app.inject({ method: 'GET', url: '/api/v1/xpack/license/detail', headers: session.headers });
    assert.equal(detail.statusCode, 403, username);
  }
  const anonymous = await importFile(app, {}, makeLicense(VALID));
  assert.equal(anonymous.statusCode, 401);
  assert.equal(await publicFlag(app), false);
});

test('BASTION_LICENSE_VALID (licenseValid) still turns the licence on without a file', async (t) => {
  const app = await build(t, { licenseValid: true });
  assert.equal(await publicFlag(app), true);
  const detail = await app.inject({
    method: 'GET',
    url: '/api/v1/xpack/license/detail',
    headers: await bearer(app, 'admin'),
  });
  assert.equal(detail.json().is_valid, true);
});

test('hostile uploads are refused with 400, never a 5xx, and store nothing', async (t) => {
  const app = await build(t);
  const admin = await bearer(app, 'admin');
  const big = await importFile(app, admin, 'A'.repeat(70 * 1024));
  assert.deepEqual([big.statusCode, big.json()], [400, { status: false, msg: 'The license file is too large' }]);
  const boundary = '----x';
  for (const payload of [
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc`,
    'garbage',
    `--${boundary}--\r\n`,
  ]) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/xpack/license/import',
      payload,
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    assert.equal(response.statusCode, 400, `${payload.slice(0, 20)}: ${response.body}`);
  }
  assert.equal(app.bastion.settings.get('XPACK_LICENSE_CONTENT'), undefined);
  assert.equal(await publicFlag(app), false);
});
