import { expect } from '@open-wc/testing';
import { HTTP_TIMEOUT, LOGIN_PATH, TOAST_MS } from '../../src/core/config.ts';
import { setCookie } from '../../src/core/cookies.ts';
import {
  HttpError,
  http,
  isSessionRefreshArmed,
  request,
  setApiBase,
  stopSessionRefresh,
} from '../../src/core/http.ts';
import { setHardNavigator } from '../../src/core/navigation.ts';
import { $confirmRequest, $toasts, resetNotify, resolveConfirm } from '../../src/core/stores/notify.ts';
import { $currentOrg } from '../../src/core/stores/org.ts';
import { $lang } from '../../src/core/stores/locale.ts';
import { clearCoreCookies, snapshotCookies } from './support/cookies.ts';
import { json, stubFetch, type FetchStub, type Reply } from './support/fetch-stub.ts';

const toastTexts = () => $toasts.get().map((t) => [t.type, t.message, t.duration]);

async function failure(call: Promise<unknown>): Promise<HttpError> {
  try {
    await call;
  } catch (error) {
    expect(error).to.be.instanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('the call should have failed');
}

describe('http', () => {
  let stub: FetchStub;
  let navigations: string[];
  let restoreCookies: () => void;
  const answer = (reply: () => Reply) => {
    stub = stubFetch(reply);
  };

  beforeEach(() => {
    restoreCookies = snapshotCookies();
    clearCoreCookies();
    $lang.set('en');
    navigations = [];
    setHardNavigator((url) => navigations.push(url));
    $currentOrg.set(null);
  });

  afterEach(() => {
    stub?.restore();
    stopSessionRefresh();
    resetNotify();
    setHardNavigator(null);
    setApiBase('');
    restoreCookies();
  });

  it('asks the server for labels and messages in the console language', async () => {
    answer(() => json(200, {}));
    $lang.set('zh');
    await http.get('/api/v1/users/profile/');
    $lang.set('en');
    await http.get('/api/v1/users/profile/');
    $lang.set('zh');
    expect(stub.sent.map((r) => r.headers.get('Accept-Language'))).to.deep.equal(['zh-hans', 'en']);
  });

  it('sends X-CSRFToken, X-JMS-ORG and X-TZ on every call', async () => {
    answer(() => json(200, { ok: true }));
    setCookie('csrftoken', 'tok123');
    $currentOrg.set({ id: 'b7f3c0de-0000-4000-8000-000000000001', name: 'Ops' });
    const body = await http.post('/api/v1/assets/assets/', { hostname: 'web1' });
    expect(body).to.deep.equal({ ok: true });
    const sent = stub.sent[0];
    expect(sent.method).to.equal('POST');
    expect(sent.headers.get('X-CSRFToken')).to.equal('tok123');
    expect(sent.headers.get('X-JMS-ORG')).to.equal('b7f3c0de-0000-4000-8000-000000000001');
    expect(sent.headers.get('X-TZ')).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(JSON.parse(String(sent.body))).to.deep.equal({ hostname: 'web1' });
  });

  it('drops empty params and prefixes the API base', async () => {
    answer(() => json(200, []));
    setApiBase('http://api.example.test/');
    await http.get('/api/v1/users/users/', {
      params: { search: 'ad', limit: 15, offset: 0, name: undefined, role: null },
    });
    expect(stub.sent[0].url).to.equal('http://api.example.test/api/v1/users/users/?search=ad&limit=15&offset=0');
  });

  it('sends the browser to the login page at once on a 401 from the profile call', async () => {
    answer(() => json(401, { detail: 'Authentication credentials were not provided.' }));
    const error = await failure(http.get('/api/v1/users/profile/'));
    expect(error.status).to.equal(401);
    expect(navigations).to.deep.equal([`${LOGIN_PATH}?next=${encodeURIComponent(location.pathname + location.hash)}`]);
    expect($confirmRequest.get()).to.equal(null);
    expect($toasts.get()).to.deep.equal([]);
  });

  it('asks once to log in again on a 401 elsewhere, and Re-Login goes to the login page', async () => {
    answer(() => json(401, { detail: 'Authentication credentials were not provided.' }));
    await failure(http.get('/api/v1/assets/assets/'));
    await failure(http.get('/api/v1/users/users/'));
    expect($confirmRequest.get()).to.include({
      message: 'You account has logout, Please login again',
      confirmText: 'Re-Login',
      cancelText: 'Cancel',
    });
    expect($toasts.get()).to.deep.equal([]);
    resolveConfirm(true);
    await Promise.resolve();
    expect($confirmRequest.get()).to.equal(null); // the second 401 did not queue a second question
    expect(navigations).to.have.length(1);
    expect(navigations[0].startsWith(`${LOGIN_PATH}?next=`)).to.equal(true);
  });

  it('shows the bad-request message on a 400 and keeps the field errors', async () => {
    answer(() => json(400, { name: ['This field must be unique.'] }));
    const error = await failure(http.post('/api/v1/users/groups/', { name: 'ops' }));
    expect(error.status).to.equal(400);
    expect(error.message).to.equal('Bad request, please check again');
    expect(error.data).to.deep.equal({ name: ['This field must be unique.'] });
    expect(toastTexts()).to.deep.equal([['error', 'Bad request, please check again', TOAST_MS]]);
  });

  it('shows the server error of any other failure for 5 s', async () => {
    answer(() => json(500, { error: 'Celery is not running' }));
    const error = await failure(http.get('/api/v1/ops/tasks/'));
    expect(error.message).to.equal('Celery is not running');
    expect(toastTexts()).to.deep.equal([['error', 'Celery is not running', 5000]]);
  });

  it('falls back to msg, then detail', async () => {
    answer(() => json(403, { detail: 'You do not have permission to perform this action.' }));
    await failure(http.delete('/api/v1/users/users/x/'));
    expect(toastTexts()).to.deep.equal([['error', 'You do not have permission to perform this action.', 5000]]);
  });

  it('shows nothing when the request disables the error flash', async () => {
    answer(() => json(400, { error: 'connect failed' }));
    const error = await failure(http.post('/api/v1/settings/mail/testing/', {}, { disableFlashErrMsg: true }));
    expect(error.data).to.deep.equal({ error: 'connect failed' });
    expect($toasts.get()).to.deep.equal([]);
  });

  it('rejects a call without a response quietly', async () => {
    answer(() => 'network-error');
    const error = await failure(http.get('/api/v1/assets/assets/'));
    expect(error.status).to.equal(0);
    expect($toasts.get()).to.deep.equal([]);
  });

  it('aborts a call after the timeout', async () => {
    expect(HTTP_TIMEOUT).to.equal(60000);
    const original = window.setTimeout;
    // Shrink only the request timeout so the test does not wait a minute.
    window.setTimeout = ((fn: () => void, ms?: number) =>
      original(fn, ms === HTTP_TIMEOUT ? 20 : ms)) as typeof setTimeout;
    stub = stubFetch(
      (req) =>
        new Promise<Reply>((_, reject) => {
          req.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    try {
      const pending = request({ url: '/api/v1/assets/assets/' });
      window.setTimeout = original;
      const error = await failure(pending);
      expect(error.status).to.equal(0);
      expect(error.message).to.equal('Timeout of 60000ms exceeded');
    } finally {
      window.setTimeout = original;
    }
  });

  it('re-arms the session refresh after a non-profile response only', async () => {
    answer(() => json(200, {}));
    await http.get('/api/v1/users/profile/');
    expect(isSessionRefreshArmed()).to.equal(false);
    await http.get('/api/v1/assets/assets/');
    expect(isSessionRefreshArmed()).to.equal(true);
  });
});
