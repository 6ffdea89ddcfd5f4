// What a JumpServer 2.3 (Django + DRF) client notices at the HTTP level: 405 with `Allow` for a
// method the path does not take, 301 to the slashed URL when the slash is missing, and OPTIONS on a
// list advertising PUT only where the list takes PUT (bulk viewsets).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nodesResource } from '../../../demo/server/assets/resources/nodes.ts';
import { fixture } from '../engine/contract-helpers.ts';

test("a method the path does not take answers 405 with Allow and DRF's detail, in the caller's language", async (t) => {
  const f = await fixture(t, nodesResource);
  const put = await f.call('PUT', '/api/v1/assets/nodes/', {});
  assert.equal(put.statusCode, 405);
  assert.deepEqual(put.json(), { detail: 'Method "PUT" not allowed.' });
  assert.equal(put.headers.allow, 'GET, POST, HEAD, OPTIONS');
  const zh = await f.call('DELETE', '/api/v1/users/profile/', undefined, { headers: { 'accept-language': 'zh' } });
  assert.deepEqual([zh.statusCode, zh.json()], [405, { detail: '方法 “DELETE” 不被允许。' }]);
  assert.equal(zh.headers.allow, 'GET, PUT, PATCH, HEAD');
  assert.equal(
    (await f.call('POST', '/api/v1/assets/nodes/no-such-id/assets/')).statusCode,
    405,
    'a parameterised path counts',
  );
  assert.equal((await f.call('GET', '/api/v1/no/such/thing/')).statusCode, 404);
});

test('a missing trailing slash on an API path answers 301 to the slashed URL, keeping the query', async (t) => {
  const f = await fixture(t, nodesResource);
  const response = await f.call('GET', '/api/v1/users/users?limit=5&search=a%20b');
  assert.equal(response.statusCode, 301);
  assert.equal(response.headers.location, '/api/v1/users/users/?limit=5&search=a%20b');
  const detail = await f.call('GET', '/api/v1/assets/nodes/abc/children');
  assert.deepEqual([detail.statusCode, detail.headers.location], [301, '/api/v1/assets/nodes/abc/children/']);
  assert.equal((await f.call('GET', '/api/v1/no/such')).statusCode, 404, 'only when the slashed path exists');
});

test('OPTIONS on a list offers PUT only for bulk lists', async (t) => {
  const f = await fixture(t, nodesResource);
  const nodes = (await f.call('OPTIONS', '/api/v1/assets/nodes/')).json();
  assert.deepEqual(Object.keys(nodes.actions).sort(), ['GET', 'POST']);
  const assets = (await f.call('OPTIONS', '/api/v1/assets/assets/')).json();
  assert.deepEqual(Object.keys(assets.actions).sort(), ['GET', 'POST', 'PUT']);
});
