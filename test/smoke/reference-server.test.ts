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

  it('sends X-CSRFToken with writes; without it the session is ignored', async () => {
    await loginAs('admin');
    const comment = `smoke ${Date.now()}`;

    const refused = await api('PATCH', PROFILE_URL, { comment }, { headers: { 'X-CSRFToken': '' } });
    expect(refused.status).to.equal(401);

    const saved = await api<Profile>('PATCH', PROFILE_URL, { comment });
    expect(saved.status).to.equal(200);
    expect((await api<Profile>('GET', PROFILE_URL)).data.comment).to.equal(comment);
  });

  it('sends the org header: orgadmin is Admin in Engineering and User in DEFAULT', async () => {
    await loginAs('orgadmin');

    const inDefault = await api<Profile>('GET', PROFILE_URL, undefined, { org: 'DEFAULT' });
    const inEngineering = await api<Profile>('GET', PROFILE_URL, undefined, { org: 'Engineering' });
    expect(inDefault.data.current_org_roles).to.deep.equal(['User']);
    expect(inEngineering.data.current_org_roles).to.deep.equal(['Admin']);
  });

  it('serves the built standalone console at /ui/', async () => {
    const response = await fetch('/ui/');
    const html = await response.text();

    expect(response.status).to.equal(200);
    expect(html).to.contain('<bastion-console');
    expect(html).to.contain('bastion-console.js');
  });
});
