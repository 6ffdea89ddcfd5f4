// Against the reference server: the user form in 2.3's sections, with phone and WeChat, inline
// short choice groups, and a date-time typed as YYYY-MM-DD HH:MM:SS that round-trips unchanged.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, deleteUsers, formControl, slType, usersNamed, waitForToast } from './support.ts';

const unique = `form${Date.now().toString(36)}`;
type Held = { id: string; phone: string; wechat: string; date_expired: string; role: string };

const dateControl = (view: MountedConsole) =>
  view.find('.form-item[data-field="date_expired"] .datetime-input sl-input');
const valueOf = (el: Element | null) => (el as unknown as { value: unknown } | null)?.value;
/** The server's `YYYY-MM-DD HH:MM:SS +ZZZZ` as an instant. */
const instant = (value: string) =>
  new Date(value.replace(' ', 'T').replace(/ ?([+-]\d{2})(\d{2})$/, '$1:$2')).getTime();

describe('users: the user form (real server)', () => {
  before(() => loginAs('admin'));
  afterEach(async () => {
    await resetConsole();
    await loginAs('admin');
  });
  after(async () => {
    await deleteUsers(unique);
    await resetConsole();
  });

  it('groups the fields as 2.3 does, lays roles out inline and saves phone, WeChat and a typed expiry', async () => {
    const view = await mountConsole('/users/users/create');
    await waitForShell(view);
    await waitFor(() => dateControl(view), 8000, 'the form');
    expect(view.findAll('.form-page fieldset > legend').map((legend) => text(legend))).to.deep.equal([
      '账户',
      '认证',
      '安全',
      '其它',
    ]);
    expect(
      view.findAll('.form-page fieldset:last-of-type .form-item').map((item) => item.getAttribute('data-field')),
    ).to.deep.equal(['phone', 'wechat', 'comment']);
    const radios = await waitFor(
      () => {
        const found = view.findAll<HTMLElement>('.form-item[data-field="role"] sl-radio');
        return found.length === 3 && found.every((radio) => radio.getBoundingClientRect().width > 0) ? found : null;
      },
      5000,
      'the role radios',
    );
    expect(new Set(radios.map((radio) => Math.round(radio.getBoundingClientRect().top))).size, 'one line').to.equal(1);

    slType(formControl(view, 'name'), `${unique} One`);
    slType(formControl(view, 'username'), `${unique}1`);
    slType(formControl(view, 'email'), `${unique}1@example.com`);
    slType(formControl(view, 'role', 'sl-radio-group'), 'User', ['sl-change']);
    slType(formControl(view, 'phone'), '13900000001');
    slType(formControl(view, 'wechat'), `${unique}-wx`);
    slType(dateControl(view), '2031-05-06 07:08:09');
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    const [created] = (await usersNamed(`${unique}1`)) as unknown as Held[];
    const held = (await api<Held>('GET', `/api/v1/users/users/${created.id}/`)).data;
    expect([held.phone, held.wechat]).to.deep.equal(['13900000001', `${unique}-wx`]);
    expect(instant(held.date_expired)).to.equal(new Date(2031, 4, 6, 7, 8, 9).getTime());

    await resetConsole();
    await loginAs('admin');
    const edit = await mountConsole(`/users/users/${created.id}/update`);
    await waitForShell(edit);
    await waitFor(
      () => valueOf(dateControl(edit)) === '2031-05-06 07:08:09',
      8000,
      'the expiry as YYYY-MM-DD HH:MM:SS',
    );
    click(edit.find('.form-page sl-button.submit'));
    await waitForToast('success', '更新成功');
    const after = (await api<Held>('GET', `/api/v1/users/users/${created.id}/`)).data;
    expect(after.date_expired, 'unchanged by a save that did not touch it').to.equal(held.date_expired);
  });
});
