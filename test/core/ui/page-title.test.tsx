// When the console owns the page (standalone /ui/), the document title follows the route.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from '../../../src/core/ui/ConsoleApp.tsx';
import { loginAs } from '../../helpers/server.ts';
import { waitFor } from '../../helpers/dom.ts';
import { resetConsole, setHash } from '../../elements/support/console-fixture.ts';

describe('page title', () => {
  afterEach(resetConsole);

  it('is "<route title> - <site title>" and follows navigation', async () => {
    await loginAs('admin');
    setHash('/dashboard');
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host.attachShadow({ mode: 'open' }));
    act(() => root.render(<ConsoleApp ownsPage />));
    try {
      await waitFor(() => document.title === '仪表盘 - 堡垒机管理控制台', 5000, 'the Dashboard title');
      location.hash = '#/users/profile/';
      await waitFor(() => document.title === '个人信息 - 堡垒机管理控制台', 3000, 'the profile title');
    } finally {
      act(() => root.unmount());
      host.remove();
    }
  });
});
