// Against the reference server: the rule form sends its filter's id as `filter` in the body of
// both the create and the update, as JumpServer 2.3 requires, and the server takes both.
import { expect } from '@open-wc/testing';
import { waitFor } from '../../helpers/dom.ts';
import { loginAs } from '../../helpers/server.ts';
import { recordFetch, type Recorded } from '../../helpers/record-fetch.ts';
import { mountConsole, resetConsole, settle, waitForShell } from '../../elements/support/console-fixture.ts';
import { click, formControl, slType, waitForToast } from '../users/support.ts';
import { inputShows } from './support/form.ts';
import { CMD_FILTERS, create, list, removeAll, uniqueName } from './support/api.ts';

type Rule = { id: string; content: string; priority: number; filter: string };

describe('assets: the command filter rule form body (real server)', () => {
  let recorder: { sent: Recorded[]; restore: () => void } | undefined;
  const made: string[] = [];
  before(() => loginAs('admin'));
  afterEach(() => recorder?.restore());
  after(async () => {
    await removeAll(made);
    await resetConsole();
  });

  it('sends filter on POST and PUT', async () => {
    const filter = await create(CMD_FILTERS, { name: uniqueName('rulebody') });
    made.push(`${CMD_FILTERS}${filter.id}/`);
    const rules = `${CMD_FILTERS}${filter.id}/rules/`;
    recorder = recordFetch((path) => path.startsWith(rules));
    const writes = () => recorder!.sent.filter((r) => r.method === 'POST' || r.method === 'PUT');

    const view = await mountConsole(`/assets/command-filter-rules/create?filter=${filter.id}`);
    await waitForShell(view);
    await inputShows(view, 'priority', '50');
    slType(await waitFor(() => formControl(view, 'content', 'sl-textarea'), 5000, 'the content box'), 'shutdown');
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    const [rule] = await list<Rule>(rules);
    expect(rule.content).to.equal('shutdown');
    await resetConsole();
    await loginAs('admin');

    const edit = await mountConsole(`/assets/command-filter-rules/${rule.id}/update?filter=${filter.id}`);
    await waitForShell(edit);
    await waitFor(() => formControl(edit, 'content', 'sl-textarea'), 5000, 'the update form');
    await inputShows(edit, 'priority', '50');
    slType(formControl(edit, 'priority'), '70');
    await settle();
    click(edit.find('.form-page sl-button.submit'));
    await waitForToast('success', '更新成功');
    await waitFor(() => writes().length === 2, 3000, 'both writes');
    expect(writes().map((r) => [r.method, (r.body as { filter?: string }).filter, r.status])).to.deep.equal([
      ['POST', filter.id, 201],
      ['PUT', filter.id, 200],
    ]);
    expect((await list<Rule>(rules)).map((r) => [r.content, r.priority, r.filter])).to.deep.equal([
      ['shutdown', 70, filter.id],
    ]);
  });
});
