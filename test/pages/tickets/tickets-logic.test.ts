// The Tickets pages' own logic, without a server: the state shown for a ticket, where each kind opens,
// the IP check of the request form, the pick lists an assignee searches, and both languages' keys.
import { expect } from '@open-wc/testing';
import { i18n, loadLanguage } from '../../../src/core/i18n/index.ts';
import { pickUrl } from '../../../src/pages/tickets/api.ts';
import { isIP } from '../../../src/pages/tickets/ip.ts';
import { ticketPath, ticketState } from '../../../src/pages/tickets/section.ts';
import '../../../src/pages/tickets/i18n.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree)
    .flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)))
    .sort();

describe('tickets: page logic', () => {
  it("shows 2.3's states: open, then how it ended", () => {
    expect(ticketState({ status: 'open', action: '' })).to.equal('open');
    expect(ticketState({ status: 'closed', action: 'approve' })).to.equal('approved');
    expect(ticketState({ status: 'closed', action: 'reject' })).to.equal('rejected');
    expect(ticketState({ status: 'closed', action: '' })).to.equal('closed');
  });

  it('opens a request ticket on its own page and any other on the ticket page', () => {
    expect(ticketPath({ id: 'a b', type: 'request_asset' })).to.equal('/tickets/tickets/request-asset-perm/a%20b');
    expect(ticketPath({ id: 'x', type: 'login_confirm' })).to.equal('/tickets/tickets/x');
  });

  it('takes IPv4 and IPv6 addresses as the server does, and nothing else', () => {
    for (const ip of ['127.0.0.1', '127.0.0.255', '::1', 'fe80::1']) expect(isIP(ip), ip).to.equal(true);
    for (const ip of ['127.0.0.256', '1.2.3', 'host', '', '127.1.2.4/24', '127.0.0.01'])
      expect(isIP(ip), ip).to.equal(false);
  });

  it("searches the waitlists in the ticket's org without 2.3's fixed hostname search", () => {
    expect(pickUrl('/api/v1/assets/assets/?oid=abc&search=bj-db')).to.equal('/api/v1/assets/assets/?oid=abc');
    expect(pickUrl('/api/v1/assets/system-users/?oid=DEFAULT')).to.equal('/api/v1/assets/system-users/?oid=DEFAULT');
    expect(pickUrl(null)).to.equal(null);
  });

  it('has every message in both languages', async () => {
    await loadLanguage('en');
    const section = (lang: string) => (i18n.getResourceBundle(lang, 'translation') as Tree).tickets as Tree;
    expect(keys(section('en'))).to.deep.equal(keys(section('zh')));
  });
});
