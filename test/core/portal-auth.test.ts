// A portal's token (portal-auth.ts): every call of the page carries it as Authorization: Bearer with
// no cookies and no CSRF header; a 401 with it, or its time running out as the server counted it,
// spends it once (every element then shows its sign-in prompt); a fresh token takes its place.
import { expect } from '@open-wc/testing';
import { $signInRequired, signedIn } from '../../src/core/embedding.ts';
import { http } from '../../src/core/http.ts';
import { $portalToken, $spentToken, authFetch, setPortalToken } from '../../src/core/portal-auth.ts';

interface Sent {
  url: string;
  headers: Headers;
  credentials?: RequestCredentials;
}

function stub(answer: (sent: Sent) => Response) {
  const original = window.fetch;
  const sent: Sent[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = { url: String(input), headers: new Headers(init?.headers), credentials: init?.credentials };
    sent.push(request);
    return answer(request);
  };
  return {
    sent,
    restore: () => {
      window.fetch = original;
    },
  };
}

const ok = (headers: Record<string, string> = {}) =>
  new Response('{}', { status: 200, headers: { 'content-type': 'application/json', ...headers } });

describe('portal token', () => {
  let restore = () => {};
  beforeEach(() => {
    setPortalToken(null);
    $spentToken.set(null);
    signedIn();
  });
  afterEach(() => {
    restore();
    setPortalToken(null);
  });

  it('goes as Authorization: Bearer, without cookies or a CSRF header, from http.ts and plain calls alike', async () => {
    const fetches = stub(() => ok());
    restore = fetches.restore;
    document.cookie = 'csrftoken=portal-own-cookie; path=/';
    setPortalToken('tok-1');
    await http.get('/api/v1/assets/assets/');
    await authFetch('/api/v1/users/profile/', { credentials: 'include', headers: { 'X-CSRFToken': 'x' } });
    for (const sent of fetches.sent) {
      expect(sent.headers.get('Authorization')).to.equal('Bearer tok-1');
      expect(sent.headers.get('X-CSRFToken')).to.equal(null);
      expect(sent.credentials).to.equal('omit');
    }
    document.cookie = 'csrftoken=; path=/; max-age=0';
  });

  it('without a token nothing changes: the session cookie goes along', async () => {
    const fetches = stub(() => ok());
    restore = fetches.restore;
    await authFetch('/api/v1/users/profile/', { credentials: 'include' });
    expect(fetches.sent[0].headers.get('Authorization')).to.equal(null);
    expect(fetches.sent[0].credentials).to.equal('include');
  });

  it('a 401 spends the token once and asks for a sign-in; a fresh token clears the prompt', async () => {
    const fetches = stub(() => new Response('{}', { status: 401 }));
    restore = fetches.restore;
    setPortalToken('tok-2');
    await authFetch('/api/v1/assets/assets/');
    await authFetch('/api/v1/assets/assets/');
    expect($spentToken.get()).to.equal('tok-2');
    expect($signInRequired.get()).to.equal('expired');
    setPortalToken('tok-3');
    expect($portalToken.get()).to.equal('tok-3');
    expect($signInRequired.get()).to.equal(null);
  });

  it('is spent when the time the server gave it runs out, with no call made then', async () => {
    const fetches = stub(() => ok({ 'X-Bastion-Token-Expires-In': '1' }));
    restore = fetches.restore;
    setPortalToken('tok-4');
    await authFetch('/api/v1/users/profile/');
    expect($spentToken.get()).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect($spentToken.get()).to.equal('tok-4');
    expect($signInRequired.get()).to.equal('expired');
  });
});
