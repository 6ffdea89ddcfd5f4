// The built standalone console (dist/, served at /ui/ by the reference server), in an iframe:
// it owns its page, so it sets the title, and its Shoelace icons load from dist/shoelace/.
import { expect } from '@open-wc/testing';
import { loginAs, logout } from '../helpers/server.ts';
import { deepQuery, deepQueryAll, waitFor } from '../helpers/dom.ts';

describe('standalone console at /ui/', () => {
  afterEach(logout);

  it('opens the Dashboard with its title and icons for a signed-in admin', async function () {
    const index = await fetch('/ui/');
    if (index.status === 503) this.skip(); // no build: `npm test` builds before the browser suite
    await loginAs('admin');
    const frame = document.createElement('iframe');
    frame.style.width = '1280px';
    frame.style.height = '800px';
    frame.src = '/ui/#/dashboard';
    document.body.append(frame);
    try {
      await waitFor(() => frame.contentDocument?.title === '仪表盘 - 堡垒机管理控制台', 10000, 'the page title');
      const doc = frame.contentDocument!;
      const icon = await waitFor(() => deepQuery(doc.body, '.navbar .hamburger'), 5000, 'the hamburger');
      // The icon's shapes are built into the bundle (scripts/build/shell-icons.mjs): drawn, not fetched.
      const svg = icon.querySelector('svg[data-icon="list"]')!;
      expect(svg.getAttribute('viewBox')).to.equal('0 0 16 16');
      expect(svg.querySelector('path')?.getAttribute('d'), 'the list icon has its shape').to.match(/^M/);
      // The menu's route icons come with the sidebar (virtual:route-icons), not with every element: drawn too.
      const menuIcons = deepQueryAll(doc.body, 'nav.sidebar svg.icon:not(.chevron)');
      expect(menuIcons.length, 'the sidebar draws its route icons').to.be.greaterThan(5);
      expect(
        menuIcons
          .filter((route) => !route.querySelector('path, circle, rect'))
          .map((route) => route.getAttribute('data-icon')),
        'every route icon has its shape',
      ).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('preloads every shared chunk the console entry imports, so they download alongside it', async function () {
    const index = await fetch('/ui/');
    if (index.status === 503) this.skip();
    const html = await index.text();
    const entry = await (await fetch('/ui/bastion-console.js')).text();
    const imported = [...entry.matchAll(/from\s*"\.\/([\w-]+\.js)"|import\s*"\.\/([\w-]+\.js)"/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(imported.length).to.be.greaterThan(0);
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="\.\/([\w-]+\.js)">/g)].map((m) => m[1]);
    expect(preloaded).to.have.members([...new Set(imported)]);
  });
});
