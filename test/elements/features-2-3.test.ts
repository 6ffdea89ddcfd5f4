// What only the reference server offers is offered only where the server names it (public settings'
// BASTION_FEATURES, a key 2.3 does not have): against a core answering settings/public/ as 2.3.1 does, the
// console draws no Stop for a job center run (2.3 cannot stop one); against the reference server it does.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../helpers/dom.ts';
import { api, loginAs, logout } from '../helpers/server.ts';
import { ASSETS, create, removeAll, uniqueName } from '../pages/assets/support/api.ts';
import { mountConsole, resetConsole, waitForShell } from './support/console-fixture.ts';

/** 2.3.1's PublicSettingApi body with its defaults (jumpserver-api.md §1.16): no BASTION_FEATURES. */
const PUBLIC_2_3 = {
  data: {
    WINDOWS_SKIP_ALL_MANUAL_PASSWORD: false,
    SECURITY_MAX_IDLE_TIME: 30,
    XPACK_ENABLED: false,
    XPACK_LICENSE_IS_VALID: false,
    LOGIN_CONFIRM_ENABLE: false,
    SECURITY_VIEW_AUTH_NEED_MFA: true,
    SECURITY_MFA_VERIFY_TTL: 3600,
    SECURITY_COMMAND_EXECUTION: true,
    LOGO_URLS: {
      logo_logout: '/static/img/logo.png',
      logo_index: '/static/img/logo_text.png',
      login_image: '/static/img/login_image.png',
      favicon: '/static/img/facio.ico',
    },
    TICKETS_ENABLED: true,
    PASSWORD_RULE: {
      SECURITY_PASSWORD_MIN_LENGTH: 6,
      SECURITY_PASSWORD_UPPER_CASE: false,
      SECURITY_PASSWORD_LOWER_CASE: false,
      SECURITY_PASSWORD_NUMBER: false,
      SECURITY_PASSWORD_SPECIAL_CHAR: false,
    },
  },
};

const realFetch = window.fetch.bind(window);
/** settings/public/ answered as a 2.3 core answers it; every other call goes to the reference server. */
function answerAs23() {
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, location.href).pathname === '/api/v1/settings/public/') {
      return Promise.resolve(
        new Response(JSON.stringify(PUBLIC_2_3), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }
    return realFetch(input, init);
  };
}

describe('features only the reference server has', function () {
  this.timeout(30_000);
  const made: string[] = [];
  let run = '';

  before(async function () {
    if ((await fetch('/ui/')).status === 503) this.skip(); // no build: `npm test` builds before the browser suite
    await loginAs('admin');
    const asset = await create(ASSETS, {
      hostname: uniqueName('feat'),
      ip: '127.50.0.10',
      platform: 'Linux',
      protocols: ['ssh/22'],
    });
    made.push(`${ASSETS}${asset.id}/`);
    run = (await api<{ task: string }>('POST', `${ASSETS}${asset.id}/tasks/`, { action: 'test' })).data.task;
    expect(run).to.be.a('string');
  });
  afterEach(async () => {
    window.fetch = realFetch;
    await resetConsole();
  });
  after(async () => {
    await loginAs('admin');
    await removeAll(made);
    await logout();
  });

  const quickActions = async (view: Awaited<ReturnType<typeof mountConsole>>) => {
    await waitForShell(view);
    await waitFor(() => view.find('.card.quick-actions, .detail-card'), 10_000, "the run's detail");
    await new Promise((resolve) => setTimeout(resolve, 300));
    return view.findAll('.quick-action').map((el) => text(el));
  };

  it("the reference server names stop-runs: a run's detail offers Stop", async () => {
    await loginAs('admin');
    const view = await mountConsole(`/ops/executions/${run}`);
    expect((await quickActions(view)).join(' | ')).to.contain('停止');
  });

  it('a 2.3 core does not: no Stop, and no call to a stop/ endpoint it lacks', async () => {
    await loginAs('admin');
    answerAs23();
    const view = await mountConsole(`/ops/executions/${run}`);
    expect((await quickActions(view)).join(' | ')).not.to.contain('停止');
    expect(view.find('button.stop')).to.equal(null);
  });
});
