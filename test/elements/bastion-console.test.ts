// <bastion-console> attributes: api-base prefixes every call, lang overrides the language.
import { expect } from '@open-wc/testing';
import { setApiBase } from '../../src/core/http.ts';
import { loginAs } from '../helpers/server.ts';
import { waitFor } from '../helpers/dom.ts';
import { mountConsole, resetConsole, waitForShell } from './support/console-fixture.ts';

describe('<bastion-console>', () => {
  afterEach(async () => {
    await resetConsole();
    setApiBase('');
  });

  it('sends its API calls under api-base', async () => {
    await loginAs('admin');
    const urls: string[] = [];
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return realFetch(input, init);
    };
    try {
      const view = await mountConsole('/dashboard', { 'api-base': '/nowhere' });
      await waitFor(() => urls.some((url) => url.includes('/users/profile/')), 3000, 'the profile call');
      expect(urls[0]).to.match(/\/nowhere\/api\/v1\/users\/profile\//);
      // Nothing answers there: the guard gives up and sends the browser to log in.
      await waitFor(() => view.leaves.length > 0, 3000, 'the login redirect');
    } finally {
      window.fetch = realFetch;
    }
  });

  it('renders in the language of its lang attribute without storing it', async () => {
    await loginAs('admin');
    const view = await mountConsole('/dashboard', { lang: 'en' });
    await waitForShell(view);
    await view.waitForText('.navbar .title', 'Dashboard');
    expect(localStorage.getItem('lang')).to.equal(null);
  });
});
