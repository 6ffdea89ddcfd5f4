// Proves the browser harness end to end: the reference server runs, the dev server proxies it on
// the test page's origin, and the session cookie of a form login is sent with later API calls.
import { expect } from '@open-wc/testing';
import { api, cookie, loginAs, logout, PROFILE_URL, type Profile } from '../helpers/server.ts';

describe('browser harness against the reference server', () => {
  afterEach(async () => {
    await logout();
  });

  it('logs in as admin through the proxied login form and reads the profile', async () => {
    await loginAs('admin');
    expect(cookie('csrftoken'), 'csrftoken cookie').to.be.a('string').and.not.be.empty;

    const profile = await api<Profile>('GET', PROFILE_URL);
    expect(profile.status).to.equal(200);
    expect(profile.data.username).to.equal('admin');
  });

  it('answers 401 on the profile once logged out', async () => {
    await loginAs('admin');
    await logout();

    const profile = await api('GET', PROFILE_URL);
    expect(profile.status).to.equal(401);
  });

  it('serves the built standalone console at /ui/', async () => {
    const response = await fetch('/ui/');
    const html = await response.text();

    expect(response.status).to.equal(200);
    expect(html).to.contain('<bastion-console');
    expect(html).to.contain('bastion-console.js');
  });
});
