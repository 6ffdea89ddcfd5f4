// The CeleryTaskLog page: reads the log from mark to mark and writes it into the (lazily loaded)
// xterm until the server says the task ended.
import { expect } from '@open-wc/testing';
import { TaskLogPage } from '../../../src/pages/ops/TaskLogPage.tsx';
import { setTaskLogSockets } from '../../../src/pages/ops/task-log.ts';
import { cleanup, json, mount, type Mounted, params, serve } from '../../core/engine/support.tsx';
import type { FetchStub } from '../../core/support/fetch-stub.ts';
import { deepQuery, text, waitFor } from '../../helpers/dom.ts';

const LOG_URL = 'GET /api/v1/ops/celery/task/t-42/log/';

describe('task log page', () => {
  before(() => setTaskLogSockets(false));
  after(() => setTaskLogSockets(true));
  let view: Mounted | undefined;
  let stub: FetchStub | undefined;
  afterEach(() => cleanup(stub, view));

  it('appends each chunk to the terminal and stops at the end', async () => {
    const chunks: Record<string, unknown> = {
      '': { data: 'Connecting to 127.0.0.1:22\r\n', end: false, mark: 'm1' },
      m1: { data: 'Reachable\r\n', end: true, mark: 'm2' },
    };
    stub = serve({
      [LOG_URL]: (request: Parameters<typeof params>[0]) => json(200, chunks[params(request).mark ?? '']),
    });
    view = mount(<TaskLogPage params={{ id: 't-42' }} />);
    const page = await waitFor(() => deepQuery(view!.root, '.task-log-page[data-status="finished"]'), 8000, 'finished');
    const rows = text(deepQuery(view.root, '.xterm-rows'));
    expect(rows).to.contain('Connecting to 127.0.0.1:22');
    expect(rows).to.contain('Reachable');
    expect(rows.indexOf('Connecting')).to.be.lessThan(rows.indexOf('Reachable'));
    expect(text(page)).to.match(/任务结束|Task finished/);
    const marks = stub.sent.map((r) => params(r).mark);
    expect(marks).to.deep.equal(['', 'm1']);
    // Nothing is asked after the end.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(stub.sent).to.have.length(2);
  });

  it('writes server text as terminal data, never as markup', async () => {
    stub = serve({ [LOG_URL]: { data: '<img src=x onerror=alert(1)>\r\n', end: true, mark: 'x' } });
    view = mount(<TaskLogPage params={{ id: 't-42' }} />);
    await waitFor(() => deepQuery(view!.root, '.task-log-page[data-status="finished"]'), 8000, 'finished');
    expect(deepQuery(view.root, 'img')).to.equal(null);
    expect(text(deepQuery(view.root, '.xterm-rows'))).to.contain('<img src=x onerror=alert(1)>');
  });
});
