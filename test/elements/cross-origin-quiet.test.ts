// Elements in a portal on another origin, before and after it hands them a token: nothing is asked of
// the bastion until a token says who is in (each call would be one CORS error in the portal's console);
// the server's messages and the events' texts are in the element's language; the pages that only work
// on the bastion (file manager, web terminal) offer to open there; the host page's rules stop at the box.
import { expect } from '@open-wc/testing';
import '../../src/elements/bastion-asset-list.ts';
import '../../src/elements/bastion-session-replay.ts';
import '../../src/elements/bastion-file-manager.ts';
import '../../src/elements/bastion-web-terminal.ts';
import { signedIn } from '../../src/core/embedding.ts';
import { setApiBase } from '../../src/core/http.ts';
import { setPortalToken } from '../../src/core/portal-auth.ts';
import { $lang } from '../../src/core/stores/locale.ts';
import { $currentOrg, $orgs } from '../../src/core/stores/org.ts';
import { $profile } from '../../src/core/stores/session.ts';
import { json, stubFetch, type FetchStub } from '../core/support/fetch-stub.ts';
import { deepQuery, deepQueryAll, text, waitFor } from '../helpers/dom.ts';

const BASTION = 'http://127.0.0.9:8080';

describe('elements on another origin than the bastion', () => {
  let stub: FetchStub | undefined;
  const mounted: Element[] = [];
  let langBefore: 'zh' | 'en';

  beforeEach(() => {
    langBefore = $lang.get();
    $profile.set(null);
    $orgs.set([]);
    $currentOrg.set(null);
    setPortalToken(null);
    signedIn();
  });
  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
    stub?.restore();
    setPortalToken(null);
    setApiBase('');
    $lang.set(langBefore);
  });

  function mount(tag: string, attributes: Record<string, string>, parent: Element = document.body): HTMLElement {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    parent.append(element);
    mounted.push(element);
    return element;
  }

  it("asks nothing without a token, then reads the profile with it; a 403 is said in the element's language", async () => {
    stub = stubFetch((request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/v1/users/profile/')
        return json(200, { id: 'u1', username: 'user', orgs: [{ id: 'DEFAULT', name: 'DEFAULT' }] });
      return json(403, {
        detail:
          request.headers.get('Accept-Language') === 'en' ? 'You do not have permission.' : '您没有执行该操作的权限。',
      });
    });
    const errors: { status: number; message: string }[] = [];
    const el = mount('bastion-asset-list', { 'api-base': BASTION, lang: 'en' });
    el.addEventListener('bastion-error', (e) => errors.push((e as CustomEvent).detail));
    await waitFor(() => deepQuery(el, '.sign-in'), 5000, 'the sign-in prompt');
    await new Promise((r) => setTimeout(r, 300));
    expect(stub.sent.map((r) => r.url)).to.deep.equal([]);

    (el as unknown as { token: string }).token = 'portal-token';
    await waitFor(() => errors.length > 0, 5000, 'bastion-error');
    const profile = stub.sent.find((r) => r.url.endsWith('/api/v1/users/profile/'))!;
    expect(profile.headers.get('Authorization')).to.equal('Bearer portal-token');
    expect(stub.sent.every((r) => r.url.startsWith(BASTION))).to.equal(true);
    // Asked in English (the element's lang, not a stored console choice), said in English.
    expect(stub.sent.filter((r) => r.url.includes('/assets/')).map((r) => r.headers.get('Accept-Language'))).to.include(
      'en',
    );
    expect(errors[0]).to.include({ status: 403, message: 'You do not have permission.' });
    expect(text(deepQuery(el, '.element-message'))).to.match(/not allowed/i);
  });

  it('a replay with its session named asks nothing before a token, then reads it with the token', async () => {
    stub = stubFetch(() => json(404, { detail: 'Not found.' }));
    const el = mount('bastion-session-replay', {
      'api-base': BASTION,
      session: '0729a5bb-e770-4069-b2e3-36a1c58aa0cb',
      lang: 'en',
    });
    await waitFor(() => deepQuery(el, '.sign-in'), 5000, 'the sign-in prompt');
    await new Promise((r) => setTimeout(r, 300));
    expect(stub.sent.map((r) => r.url)).to.deep.equal([]);
    (el as unknown as { token: string }).token = 'portal-token';
    await waitFor(
      () => stub!.sent.some((r) => r.url.includes('/terminal/sessions/0729a5bb-e770-4069-b2e3-36a1c58aa0cb/')),
      5000,
      'the session asked',
    );
    expect(stub.sent.every((r) => r.headers.get('Authorization') === 'Bearer portal-token')).to.equal(true);
  });

  it('the file manager and the web terminal offer to open on the bastion, and ask it nothing', async () => {
    stub = stubFetch(() => json(500, {}));
    const files = mount('bastion-file-manager', { 'api-base': BASTION, lang: 'en' });
    const terminal = mount('bastion-web-terminal', { 'api-base': BASTION, 'login-to': 'a-1', lang: 'en' });
    const filesLink = await waitFor(
      () => deepQuery<HTMLAnchorElement>(files, 'a.sign-in-link'),
      5000,
      'the file manager link',
    );
    const terminalLink = await waitFor(
      () => deepQuery<HTMLAnchorElement>(terminal, 'a.sign-in-link'),
      5000,
      'the terminal link',
    );
    expect(filesLink.href).to.equal(`${BASTION}/koko/elfinder/sftp/`);
    expect(terminalLink.href).to.equal(`${BASTION}/luna/?login_to=a-1`);
    expect(terminalLink.target).to.equal('_blank');
    expect(text(deepQuery(files, '.sign-in p'))).to.contain('opens on the bastion');
    expect(stub.sent).to.deep.equal([]);
  });

  it("the host page's rules on the element itself stop at its box", async () => {
    const style = document.createElement('style');
    style.textContent =
      '* { letter-spacing: 5px; text-transform: uppercase; } bastion-asset-list { font-family: serif; line-height: 4; }';
    document.head.append(style);
    mounted.push(style);
    stub = stubFetch(() => json(401, {}));
    const el = mount('bastion-asset-list', { 'api-base': BASTION, lang: 'en' });
    const prompt = await waitFor(() => deepQuery<HTMLElement>(el, '.sign-in p'), 5000, 'the prompt');
    const computed = getComputedStyle(prompt);
    expect(computed.letterSpacing).to.equal('normal');
    expect(computed.textTransform).to.equal('none');
    expect(computed.fontFamily).to.match(/^-apple-system/);
    expect(parseFloat(computed.lineHeight) / parseFloat(computed.fontSize)).to.be.closeTo(1.5, 0.01);
    expect(deepQueryAll(el, '.sign-in').length).to.equal(1);
  });
});
