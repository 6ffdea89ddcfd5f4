// Against the reference server, at 800 px (the mobile layout): a list's action column stays in view
// (the table scrolls sideways inside the page instead of running past its edge), and a date reads on
// one line with its zone.
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { $lang } from '../../src/core/stores/locale.ts';
import { waitFor } from '../helpers/dom.ts';
import { loginAs } from '../helpers/server.ts';
import {
  DESKTOP,
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../elements/support/console-fixture.ts';

const NARROW = { width: 800, height: 800 };

/** The right edge of the page panel's content box: nothing of the list may reach past it. */
function contentRight(view: MountedConsole): number {
  const page = view.find<HTMLElement>('.list-page')!;
  return page.getBoundingClientRect().right - parseFloat(getComputedStyle(page).paddingRight);
}

/** Every row's action buttons lie inside the page and the window. */
function actionsInView(view: MountedConsole): string[] {
  const limit = Math.min(contentRight(view), document.documentElement.clientWidth) + 0.5;
  return view
    .findAll<HTMLElement>('.list-page tbody tr[data-id] td.actions button')
    .map((button) => button.getBoundingClientRect())
    .filter((box) => box.right > limit || box.left < 0)
    .map((box) => `${Math.round(box.left)}-${Math.round(box.right)} > ${Math.round(limit)}`);
}

/** How many lines a cell's text takes. */
function lines(cell: Element): number {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top))).size;
}

describe('lists at 800 px (real server)', () => {
  beforeEach(() => loginAs('admin'));
  afterEach(async () => {
    await resetConsole();
    await setViewport(DESKTOP);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`keeps the users list's action column in view (${lang})`, async () => {
      const view = await mountConsole('/users/users');
      $lang.set(lang);
      await setViewport(NARROW);
      await waitForShell(view);
      await waitFor(() => view.findAll('.list-page tbody tr[data-id] td.actions button').length > 0, 8000, 'the rows');
      await waitFor(() => view.find('.app.mobile'), 3000, 'the mobile layout');
      await new Promise((resolve) => setTimeout(resolve, 400)); // the sidebar's slide and the language settle
      expect(actionsInView(view), 'action buttons past the edge').to.deep.equal([]);
      expect(document.documentElement.scrollWidth, 'the window does not scroll sideways').to.be.at.most(NARROW.width);
    });
  }

  it("keeps the login log's action-less wide table inside the page and each date on one line", async () => {
    const view = await mountConsole('/audits/login-log');
    await setViewport(NARROW);
    await waitForShell(view);
    const cell = await waitFor(
      () => view.find('.list-page tbody tr[data-id] td[data-prop="datetime"]'),
      8000,
      'a sign-in row',
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(cell.textContent).to.match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4}/);
    expect(lines(cell), `"${cell.textContent}" on one line`).to.equal(1);
    const table = view.find('.list-page .engine-table')!;
    const box = (table.parentElement as HTMLElement).getBoundingClientRect();
    expect(box.right, "the table's box ends inside the page").to.be.at.most(contentRight(view) + 0.5);
  });
});
