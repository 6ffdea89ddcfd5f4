// Asset protocols (§2.3): 1–4 "name/port" entries matching the regex, no protocol twice, stored
// space-joined, default ssh/22, legacy protocol/port; platform must name an existing platform.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkProtocols } from '../../../demo/server/assets/protocols.ts';
import { assetsApp } from './assets-fixture.ts';

test('checkProtocols accepts 1–4 distinct name/port entries and explains every refusal', () => {
  assert.deepEqual(checkProtocols(['ssh/22', 'rdp/3389', 'telnet/23', 'vnc/5901']), {
    ok: true,
    protocols: ['ssh/22', 'rdp/3389', 'telnet/23', 'vnc/5901'],
  });
  const refusal = (value: unknown) => {
    const result = checkProtocols(value);
    assert.equal(result.ok, false);
    return result.ok ? '' : result.error.en.replace(/\{(\w+)\}/g, (_, k: string) => String(result.params?.[k]));
  };
  assert.equal(refusal([]), 'Ensure this field has at least 1 elements.');
  assert.equal(
    refusal(['ssh/22', 'rdp/1', 'vnc/2', 'telnet/3', 'ssh/4']),
    'Ensure this field has no more than 4 elements.',
  );
  assert.equal(refusal(['http/80']), 'Protocol format should be protocol/port: http/80');
  assert.equal(refusal(['ssh/123456']), 'Protocol format should be protocol/port: ssh/123456');
  assert.equal(refusal(['ssh']), 'Protocol format should be protocol/port: ssh');
  assert.equal(refusal(['ssh/22', 'ssh/2222']), 'Protocol duplicate: ssh');
});

test('the API stores protocols space-joined, defaults to ssh/22 and maps legacy protocol/port', async (t) => {
  const { call, db } = await assetsApp(t);
  const create = async (body: Record<string, unknown>) =>
    call('POST', '/api/v1/assets/assets/', { ip: '127.0.2.50', platform: 'Linux', ...body });
  const both = await create({ hostname: 'p-both', protocols: ['ssh/2222', 'rdp/3389'] });
  assert.equal(both.statusCode, 201, both.body);
  assert.deepEqual(both.json().protocols, ['ssh/2222', 'rdp/3389']);
  assert.deepEqual(db.prepare('SELECT protocols, port FROM assets WHERE id = ?').get(both.json().id), {
    protocols: 'ssh/2222 rdp/3389',
    port: 2222,
  });
  assert.deepEqual((await create({ hostname: 'p-default' })).json().protocols, ['ssh/22']);
  assert.deepEqual((await create({ hostname: 'p-legacy', protocol: 'rdp', port: 3390 })).json().protocols, [
    'rdp/3390',
  ]);
  assert.deepEqual((await create({ hostname: 'p-legacy-port', protocol: 'telnet' })).json().protocols, ['telnet/23']);

  const duplicate = await create({ hostname: 'p-dup', protocols: ['ssh/22', 'ssh/23'] });
  assert.deepEqual([duplicate.statusCode, duplicate.json()], [400, { protocols: ['Protocol duplicate: ssh'] }]);
  const malformed = await create({ hostname: 'p-bad', protocols: ['ftp/21'] });
  assert.deepEqual(
    [malformed.statusCode, malformed.json()],
    [400, { protocols: ['Protocol format should be protocol/port: ftp/21'] }],
  );
  const platform = await create({ hostname: 'p-platform', platform: 'Plan9' });
  assert.deepEqual(
    [platform.statusCode, platform.json()],
    [400, { platform: ['Object with name=Plan9 does not exist.'] }],
  );
  const patched = await call('PATCH', `/api/v1/assets/assets/${both.json().id}/`, { protocols: ['vnc/5900'] });
  assert.deepEqual(patched.json().protocols, ['vnc/5900']);
});
