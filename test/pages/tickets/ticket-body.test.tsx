// A login-confirmation ticket as its reviewer reads it: the request's text inside its card (a long user
// agent wraps, the label 内容 stays on one line) and its time in this browser's zone like every other
// time of the console, not the "+0800" of the sign-in that wrote it.
import { expect } from '@open-wc/testing';
import { formatServer } from '../../../src/core/resource/datetime.ts';
import { localTimes, TicketDetailPage } from '../../../src/pages/tickets/TicketDetailPage.tsx';
import { cleanup, find, json, mount, serve, waitForEl, type Mounted } from '../../core/engine/support.tsx';
import type { FetchStub } from '../../core/support/fetch-stub.ts';

const ID = '00000000-0000-4000-8000-00000000c0fe';
const AGENT = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/127.0.0.0 Safari/537.36${'x'.repeat(80)}`;
const TICKET = {
  id: ID,
  title: '登录复核 Demo User(user)',
  type: 'login_confirm',
  status: 'open',
  action: '',
  user: 'u1',
  user_display: 'Demo User(user)',
  assignees: ['a1'],
  assignees_display: 'Administrator(admin)',
  date_created: '2026-12-07 13:59:14 +0800',
  comment: '',
  body: `用户: Demo User(user)\nIP: 127.0.0.1\n日期: 2026-12-07 13:59:14 +0800\n浏览器: ${AGENT}`,
};
const META = {
  actions: { GET: { body: { type: 'string', label: '内容' }, title: { type: 'string', label: '标题' } } },
};

describe('login-confirmation ticket: its request text', () => {
  let stub: FetchStub;
  let view: Mounted | undefined;
  afterEach(() => cleanup(stub, view));

  it("shows a written time in this browser's zone", () => {
    const local = formatServer(new Date(Date.UTC(2026, 11, 7, 5, 59, 14)));
    expect(localTimes('日期: 2026-12-07 13:59:14 +0800')).to.equal(`日期: ${local}`);
    expect(localTimes('no time here, 2026-13-07 13:59:14 +0800')).to.equal('no time here, 2026-13-07 13:59:14 +0800');
  });

  it('keeps a long user agent inside its card and its label on one line', async () => {
    stub = serve({
      [`GET /api/v1/tickets/tickets/${ID}/`]: TICKET,
      'OPTIONS /api/v1/tickets/tickets/': META,
      'GET /api/v1/tickets/tickets/': () => json(200, []),
      [`GET /api/v1/tickets/tickets/${ID}/comments/`]: () => json(200, []),
    });
    view = mount(
      <div style={{ width: 1000 }}>
        <TicketDetailPage params={{ id: ID }} />
      </div>,
    );
    const body = await waitForEl<HTMLElement>(view.root, 'pre.ticket-body');
    expect(body.textContent).to.contain(formatServer(new Date(Date.UTC(2026, 11, 7, 5, 59, 14))));
    const card = body.closest('.card') as HTMLElement;
    expect(body.getBoundingClientRect().right, 'the text ends inside its card').to.be.at.most(
      card.getBoundingClientRect().right,
    );
    const label = find(view.root, 'tr[data-field="body"] th');
    const range = document.createRange();
    range.selectNodeContents(label);
    expect(new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size, '内容 on one line').to.equal(1);
  });
});
