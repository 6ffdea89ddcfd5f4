// A task log is written in the language of the request that started it, as the rest of the server
// answers in the console's language; the task's result stays English data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build } from '../helpers.ts';
import { freePort } from '../support/sshd.ts';
import { followLog, insertAdminUser, insertAsset, taskResult } from '../support/task-fixtures.ts';

test('a Chinese console reads a Chinese log, an English one an English log; the result is the same', async (t) => {
  const app = await build(t, { sshTimeoutMs: 3000 });
  const token = await bearer(app, 'admin');
  const closed = insertAsset(app, {
    port: await freePort(),
    hostname: 'closed-01',
    adminUser: insertAdminUser(app, { username: 'root', password: 'x' }),
  });
  const orphan = insertAsset(app, { port: 22, hostname: 'orphan-01', adminUser: null });
  const run = async (lang: string) => {
    const headers = { ...token, cookie: `django_language=${lang}` };
    let log = '';
    const result = { failed: {}, skipped: {} } as { failed: Record<string, string>; skipped: Record<string, string> };
    for (const asset of [closed, orphan]) {
      const { task } = (
        await app.inject({
          method: 'POST',
          url: `/api/v1/assets/assets/${asset}/tasks/`,
          headers,
          payload: { action: 'test' },
        })
      ).json();
      log += (await followLog(app, headers, task)).join('');
      const done = (await taskResult(app, headers, task)).result;
      Object.assign(result.failed, done.failed);
      Object.assign(result.skipped, done.skipped);
    }
    return { log, result };
  };
  const zh = await run('zh-hans');
  assert.match(zh.log, /^测试 1 个资产的可连接性\r\n/);
  assert.match(zh.log, /closed-01: 正在以 root 连接 127\.0\.0\.1:\d+\r\n/);
  assert.match(zh.log, /closed-01: 不可连接：连接被拒绝\r\n/);
  assert.match(zh.log, /orphan-01: 资产没有管理用户，跳过\r\n/);
  assert.match(zh.log, /汇总：0 个可连接，1 个不可连接，0 个跳过\r\n/);
  const en = await run('en');
  assert.match(en.log, /closed-01: Unreachable: Connection refused\r\n/);
  assert.match(en.log, /orphan-01: Asset has no admin user, skipped\r\n/);
  assert.equal(zh.result.failed['closed-01'], 'Connection refused', 'results are data, in English');
  assert.equal(zh.result.skipped['orphan-01'], 'Asset has no admin user, skipped');
  assert.deepEqual(zh.result, en.result);
});
