// Against the reference server: a domain's gateway listed on the domain's detail page, and its
// "test" button running the server's real SSH check; a closed port is refused in the server's words.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { $toasts } from '../../../src/core/stores/notify.ts';
import { click } from '../users/support.ts';
import { create, removeAll, uniqueName } from './support/api.ts';

const DOMAINS = '/api/v1/assets/domains/';
const GATEWAYS = '/api/v1/assets/gateways/';
const CLOSED_PORT = 1;

describe('assets: a domain’s gateway checked from the domain page (real server)', () => {
  const made: string[] = [];
  before(() => loginAs('admin'));
  after(async () => {
    await removeAll(made.reverse());
    await resetConsole();
  });

  it('lists the gateway on the domain’s tab and shows the server’s refusal for a closed port', async () => {
    const domain = await create(DOMAINS, { name: uniqueName('dmz') });
    made.push(`${DOMAINS}${domain.id}/`);
    const gateway = await create(GATEWAYS, {
      name: uniqueName('gw'),
      ip: '127.0.0.1',
      port: CLOSED_PORT,
      protocol: 'ssh',
      username: 'jump',
      password: 'secret',
      domain: domain.id,
    });
    made.push(`${GATEWAYS}${gateway.id}/`);
    const direct = await api<{ error: string }>('POST', `${GATEWAYS}${gateway.id}/test-connective/`, {});
    expect(direct.status).to.equal(400);
    expect(direct.data.error).to.match(/^127\.0\.0\.1:1: /);

    const view = await mountConsole(`/assets/domains/${domain.id}?activeTab=gateways`);
    await waitForShell(view);
    const row = await waitFor(
      () => view.find(`.child-table tbody tr[data-id="${gateway.id}"]`),
      8000,
      'the gateway row',
    );
    expect(text(row)).to.contain('127.0.0.1');
    // The row may be drawn again once the tab settles: ask for the button when clicking it.
    const button = () => view.find(`.child-table tbody tr[data-id="${gateway.id}"] sl-button.test-gateway`);
    await waitFor(() => button(), 3000, 'the test button');
    click(button());
    await waitFor(
      () => $toasts.get().some((toast) => toast.type === 'error' && toast.message === direct.data.error),
      10_000,
      `the error toast "${direct.data.error}"`,
    );
    expect(
      $toasts.get().map((toast) => toast.message),
      'the reason instead of the generic 400 message',
    ).to.deep.equal([direct.data.error]);
  });
});
