// Unknown console paths end on the 404 page, which links back to the root and leaves no tab behind.
import { expect } from '@open-wc/testing';
import { $visitedViews } from '../../src/core/stores/tags.ts';
import { loginAs } from '../helpers/server.ts';
import { waitFor } from '../helpers/dom.ts';
import { mountConsole, resetConsole, setHash, waitForShell } from '../elements/support/console-fixture.ts';

describe('404 page', () => {
  afterEach(resetConsole);

  it('replaces an unknown path by /404 and leads back home', async () => {
    await loginAs('admin');
    const view = await mountConsole('/no/such/page');
    await view.waitForText('.not-found', '抱歉，您访问的页面不存在');
    await waitFor(() => location.hash === '#/404', 2000, 'the /404 path');
    (view.find('.not-found a') as HTMLElement).click();
    await waitFor(() => location.hash === '#/dashboard', 2000, 'the Dashboard');
  });

  it('is not kept as a tab: the strip holds only the pages the user opened', async () => {
    await loginAs('admin');
    const view = await mountConsole('/users/users');
    await waitForShell(view);
    await waitFor(() => view.find('.tags-view [data-path="/users/users"], .tags-view .tag'), 5000, 'the users tab');
    setHash('/no/such/page');
    await view.waitForText('.not-found', '抱歉，您访问的页面不存在');
    setHash('/users/users');
    await waitForShell(view);
    await waitFor(() => view.find('.list-page'), 8000, 'the users list again');
    expect($visitedViews.get().map((v) => v.name)).to.not.include('404');
    expect(view.textOf('.tags-view')).to.not.contain('404');
  });
});
