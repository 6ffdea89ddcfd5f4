// Labels (distinct=1, name+value unique, asset_count), domains (?gateway=1 nests gateways) and
// gateways (IP validated, public_key returned, password write-only).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from './assets-fixture.ts';

test('labels: distinct=1 joins the values of each name; name+value is unique; assets counted', async (t) => {
  const { call, get } = await assetsApp(t);
  assert.deepEqual(await get('/api/v1/assets/labels/?distinct=1'), [
    { name: 'env', value: 'dev, prod, test' },
    { name: 'os', value: 'windows' },
    { name: 'team', value: 'data, web' },
  ]);
  const clash = await call('POST', '/api/v1/assets/labels/', { name: 'env', value: 'prod' });
  assert.deepEqual([clash.statusCode, clash.json()], [400, { non_field_errors: ['This field must be unique.'] }]);
  const [prod] = await get('/api/v1/assets/labels/?name=env&value=prod');
  assert.deepEqual([prod.asset_count, prod.category, prod.get_category_display], [17, 'U', 'User']);
  assert.deepEqual(
    await get('/api/v1/assets/labels/?distinct=1', { org: 'DEFAULT' }),
    await get('/api/v1/assets/labels/?distinct=1'),
  );
});

test('domains count assets and gateways; ?gateway=1 nests the gateways; gateway IPs are validated', async (t) => {
  const { call, get } = await assetsApp(t);
  const [dmz] = await get('/api/v1/assets/domains/?name=DMZ');
  assert.deepEqual([dmz.asset_count, dmz.gateway_count, dmz.gateways], [4, 1, undefined]);
  const [nested] = await get('/api/v1/assets/domains/?name=DMZ&gateway=1');
  assert.deepEqual(
    [nested.gateways[0].name, nested.gateways[0].password, nested.gateways[0].is_active],
    ['dmz-gateway', 'bastion', true],
  );
  const bad = await call('POST', '/api/v1/assets/gateways/', { name: 'gw', ip: 'not-an-ip', domain: dmz.id });
  assert.deepEqual([bad.statusCode, bad.json()], [400, { ip: ['Enter a valid IPv4 or IPv6 address.'] }]);
  const missing = await call('POST', '/api/v1/assets/gateways/', { name: 'gw', ip: '127.0.2.9' });
  assert.deepEqual(missing.json(), { domain: ['This field is required.'] });
  const gw = await call('POST', '/api/v1/assets/gateways/', {
    name: 'gw',
    ip: '2001:db8::1',
    domain: dmz.id,
    password: 'pw',
    public_key: 'ssh-rsa AAAA test',
  });
  assert.equal(gw.statusCode, 201, gw.body);
  assert.deepEqual(
    [gw.json().port, gw.json().protocol, gw.json().public_key, 'password' in gw.json()],
    [22, 'ssh', 'ssh-rsa AAAA test', false],
  );
  const moved = await call('PATCH', `/api/v1/assets/domains/${dmz.id}/`, { assets: [] });
  assert.equal(moved.json().asset_count, 0);
});
