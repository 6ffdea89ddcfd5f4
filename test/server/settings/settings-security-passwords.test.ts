// The password rules of the Security settings (§2.11), changed through the settings API as the settings
// page does, take effect on the user's own change (profile), an admin's create and update, and an admin
// setting a user's password (users/<id>/password/, the reset path an administrator has). Each rule is
// refused with a message naming it and accepted once the password obeys.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { bearer, build, PASSWORD, userId } from '../helpers.ts';

const SETTINGS = '/api/v1/settings/setting/';
const USERS = '/api/v1/users/users/';

/** One rule switched on at a time, a password breaking only it, one obeying it, and its message. */
const RULES = [
  {
    setting: { SECURITY_PASSWORD_MIN_LENGTH: 10 },
    bad: 'Abcdef1!x',
    good: 'Abcdef1!xy',
    message: 'Password length must be at least 10 characters',
  },
  {
    setting: { SECURITY_PASSWORD_UPPER_CASE: true },
    bad: 'abcdef1!xy',
    good: 'Abcdef1!xy',
    message: 'Password must contain an uppercase letter',
  },
  {
    setting: { SECURITY_PASSWORD_LOWER_CASE: true },
    bad: 'ABCDEF1!XY',
    good: 'ABCDEf1!XY',
    message: 'Password must contain a lowercase letter',
  },
  {
    setting: { SECURITY_PASSWORD_NUMBER: true },
    bad: 'Abcdefg!xy',
    good: 'Abcdef1!xy',
    message: 'Password must contain a digit',
  },
  {
    setting: { SECURITY_PASSWORD_SPECIAL_CHAR: true },
    bad: 'Abcdef12xy',
    good: 'Abcdef1_xy',
    message: 'Password must contain a special character',
  },
];
const OFF = {
  SECURITY_PASSWORD_MIN_LENGTH: 6,
  SECURITY_PASSWORD_UPPER_CASE: false,
  SECURITY_PASSWORD_LOWER_CASE: false,
  SECURITY_PASSWORD_NUMBER: false,
  SECURITY_PASSWORD_SPECIAL_CHAR: false,
};

async function setRules(app: FastifyInstance, admin: Record<string, string>, rules: Record<string, unknown>) {
  const response = await app.inject({
    method: 'PATCH',
    url: SETTINGS,
    headers: admin,
    payload: { security: { ...OFF, ...rules } },
  });
  assert.equal(response.statusCode, 200, response.body);
}

test("each password rule is refused, naming it, and accepted on the user's own change", async (t) => {
  const app = await build(t);
  const admin = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const user = { ...(await bearer(app, 'user')), 'accept-language': 'en' };
  let current = PASSWORD;
  for (const rule of RULES) {
    await setRules(app, admin, rule.setting);
    const change = (password: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/users/profile/password/',
        headers: user,
        payload: { old_password: current, new_password: password, new_password_again: password },
      });
    const refused = await change(rule.bad);
    assert.deepEqual([refused.statusCode, refused.json()], [400, { new_password: [rule.message] }], rule.message);
    const accepted = await change(rule.good);
    assert.equal(accepted.statusCode, 200, `${rule.message}: ${accepted.body}`);
    current = rule.good;
  }
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'user', password: current },
  });
  assert.equal(login.statusCode, 201);
});

test("each password rule is refused, naming it, and accepted on an admin's create, update and set-password", async (t) => {
  const app = await build(t);
  const admin = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const target = userId(app, 'user');
  let n = 0;
  for (const rule of RULES) {
    await setRules(app, admin, rule.setting);
    const expected = [400, { password: ['Password does not match security rules', rule.message] }];
    n += 1;
    const body = (password: string) => ({
      username: `pw${n}${password.length}`,
      name: `Pw ${n}`,
      email: `pw${n}-${password.length}@example.com`,
      password_strategy: 1,
      password,
    });
    const create = await app.inject({ method: 'POST', url: USERS, headers: admin, payload: body(rule.bad) });
    assert.deepEqual([create.statusCode, create.json()], expected, `create: ${rule.message}`);
    const created = await app.inject({
      method: 'POST',
      url: USERS,
      headers: admin,
      payload: { ...body(rule.good), username: `ok${n}`, email: `ok${n}@example.com` },
    });
    assert.equal(created.statusCode, 201, created.body);

    const update = await app.inject({
      method: 'PATCH',
      url: `${USERS}${target}/`,
      headers: admin,
      payload: { password: rule.bad },
    });
    assert.deepEqual([update.statusCode, update.json()], expected, `update: ${rule.message}`);
    assert.equal(
      (
        await app.inject({
          method: 'PATCH',
          url: `${USERS}${target}/`,
          headers: admin,
          payload: { password: rule.good },
        })
      ).statusCode,
      200,
    );

    const set = await app.inject({
      method: 'PUT',
      url: `${USERS}${target}/password/`,
      headers: admin,
      payload: { password: rule.bad },
    });
    assert.deepEqual([set.statusCode, set.json()], expected, `set: ${rule.message}`);
    assert.equal(
      (
        await app.inject({
          method: 'PUT',
          url: `${USERS}${target}/password/`,
          headers: admin,
          payload: { password: rule.good },
        })
      ).statusCode,
      200,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/authentication/auth/',
      payload: { username: `ok${n}`, password: rule.good },
    });
    assert.equal(login.statusCode, 201, `the created user signs in (${rule.message})`);
  }
});

test('broken rules are all named together, in zh by default', async (t) => {
  const app = await build(t);
  const admin = await bearer(app, 'admin');
  await setRules(app, admin, {
    SECURITY_PASSWORD_MIN_LENGTH: 8,
    SECURITY_PASSWORD_NUMBER: true,
    SECURITY_PASSWORD_SPECIAL_CHAR: true,
  });
  const response = await app.inject({
    method: 'PUT',
    url: `${USERS}${userId(app, 'user')}/password/`,
    headers: admin,
    payload: { password: 'abc' },
  });
  assert.deepEqual(response.json(), {
    password: ['密码不满足安全规则', '密码长度至少为 8 位', '密码必须包含数字', '密码必须包含特殊字符'],
  });
});
