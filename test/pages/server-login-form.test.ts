// The server's own login form (/core/auth/login/) in a real browser: its external script encrypts the
// password with the form's RSA key before the post (no inline script under the CSP), the typed
// password itself is never sent, and a captcha it asks for is answered in the form.
import { expect } from '@open-wc/testing';
import { captchaAnswer, logout } from '../helpers/server.ts';
import { waitFor } from '../helpers/dom.ts';

async function openForm(url: string): Promise<{ frame: HTMLIFrameElement; doc: Document; violations: string[] }> {
  const frame = document.createElement('iframe');
  frame.width = '600';
  frame.height = '600';
  document.body.append(frame);
  const blank = frame.contentDocument;
  frame.src = url;
  const doc = await waitFor(
    () =>
      frame.contentDocument !== blank && frame.contentDocument?.readyState === 'complete'
        ? frame.contentDocument
        : null,
    15000,
    `${url} to load`,
  );
  const violations: string[] = [];
  doc.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  return { frame, doc, violations };
}

describe('the server login form', () => {
  let frame: HTMLIFrameElement | undefined;
  beforeEach(logout);
  afterEach(() => frame?.remove());

  it('posts the password RSA-encrypted by its script and signs in', async () => {
    const opened = await openForm(`/core/auth/login/?next=${encodeURIComponent('/api/v1/users/profile/')}`);
    frame = opened.frame;
    const { doc } = opened;
    const form = doc.querySelector<HTMLFormElement>('#login-form')!;
    expect(form.dataset.rsaPublicKey).to.match(/^-----BEGIN PUBLIC KEY-----/);
    expect((doc.defaultView as Window & { JSEncrypt?: unknown }).JSEncrypt, 'jsencrypt loaded').to.be.a('function');
    doc.querySelector<HTMLInputElement>('#username')!.value = 'user';
    doc.querySelector<HTMLInputElement>('#password')!.value = 'bastion';
    const captchaKey = doc.querySelector<HTMLInputElement>('input[name="captcha_0"]')?.value;
    if (captchaKey) doc.querySelector<HTMLInputElement>('#id_captcha_1')!.value = await captchaAnswer(captchaKey);
    // What the form will post once its submit handler has run.
    let posted: FormData | undefined;
    form.addEventListener('submit', () => {
      posted = new FormData(form);
    });
    form.requestSubmit();
    expect(posted?.get('password')).to.match(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(atob(String(posted?.get('password'))).length).to.equal(128);
    expect([...posted!.values()]).to.not.include('bastion');
    await waitFor(
      () =>
        frame!.contentWindow?.location.pathname === '/api/v1/users/profile/' &&
        frame!.contentDocument?.readyState === 'complete',
      15000,
      'the profile after sign-in',
    );
    expect(JSON.parse(frame.contentDocument!.body.textContent ?? '{}').username).to.equal('user');
    expect(opened.violations).to.deep.equal([]);
  });
});
