// Unknown console paths end on the 404 page, which links back to the root.
import { loginAs } from '../helpers/server.ts';
import { waitFor } from '../helpers/dom.ts';
import { mountConsole, resetConsole } from '../elements/support/console-fixture.ts';

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
});
