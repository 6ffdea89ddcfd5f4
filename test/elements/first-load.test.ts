// The console's first screen draws no Shoelace element and loads none (src/core/README.md "First
// load"): a users list signed in registers no `sl-*` tag and has no Shoelace theme yet; a toast, the
// confirm dialog and the API key dialog bring theirs when first shown, and the theme with them.
import { definedElements } from './support/record-defines.ts';
import { expect } from '@open-wc/testing';
import { confirm, toast } from '../../src/core/stores/notify.ts';
import { waitFor } from '../helpers/dom.ts';
import { loginAs } from '../helpers/server.ts';
import { mountConsole, resetConsole, settle, waitForShell } from './support/console-fixture.ts';
import { answerConfirm } from '../pages/users/support.ts';

const shoelace = () => definedElements().filter((name) => name.startsWith('sl-'));
/** A variable only Shoelace's light theme sets. */
const themeToken = (el: Element) => getComputedStyle(el).getPropertyValue('--sl-color-gray-600').trim();

describe('first load', () => {
  after(() => resetConsole());

  it('draws the users list without registering a Shoelace element; a toast and a confirm bring theirs', async () => {
    await loginAs('admin');
    const view = await mountConsole('/users/users');
    await waitForShell(view);
    await waitFor(() => view.findAll('.list-page tbody tr[data-id]').length > 0, 8000, 'the rows');
    await settle(500);
    expect(definedElements(), 'the console itself is defined').to.include('bastion-console');
    expect(shoelace(), 'Shoelace elements registered by the first screen').to.deep.equal([]);
    expect(
      view
        .findAll('*')
        .filter((el) => el.localName.startsWith('sl-'))
        .map((el) => el.localName),
    ).to.deep.equal([]);
    expect(themeToken(view.el), 'no Shoelace theme on the first screen').to.equal('');

    toast.success('saved');
    await waitFor(() => view.find('.toasts sl-alert.toast-success'), 5000, 'the toast drawn with its alert');
    expect(customElements.get('sl-alert'), 'sl-alert registered on first use').to.not.equal(undefined);
    expect(themeToken(view.el), 'the theme came with the first Shoelace component').to.not.equal('');

    const answer = confirm({ message: 'sure?' });
    await waitFor(() => view.find('sl-dialog.confirm-dialog'), 5000, 'the confirm dialog');
    expect(await answerConfirm(true)).to.equal('sure?');
    expect(await answer).to.equal(true);
  });
});
