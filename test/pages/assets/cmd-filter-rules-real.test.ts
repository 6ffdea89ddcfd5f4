// Against the reference server: a command filter created through its form, two rules added from
// the filter's detail page through the nested rule form, both listed on the filter's rules tab.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, fieldError, formControl, slType, waitForToast } from '../users/support.ts';
import { inputShows, switchStartsOn } from './support/form.ts';
import { pickIn } from '../perms/support.ts';
import { CMD_FILTERS, list, removeAll, uniqueName } from './support/api.ts';

const filterName = uniqueName('filter');
type Rule = {
  id: string;
  content: string;
  priority: number;
  action: number;
  type: string;
  type_display: string;
  action_display: string;
};

const ruleRows = (view: MountedConsole) => view.findAll('.child-table tbody tr[data-id]');

async function addRule(
  view: MountedConsole,
  filterId: string,
  content: string,
  priority: string,
  choices: Record<string, string> = {},
): Promise<void> {
  click(await waitFor(() => view.find('.child-table sl-button.create-child'), 5000, 'the create rule button'));
  await waitFor(
    () => location.hash === `#/assets/command-filter-rules/create?filter=${filterId}`,
    3000,
    'the rule form address',
  );
  await inputShows(view, 'priority', '50');
  slType(formControl(view, 'content', 'sl-textarea'), content);
  slType(formControl(view, 'priority'), priority);
  for (const [field, value] of Object.entries(choices))
    slType(formControl(view, field, 'sl-radio-group'), value, ['sl-change']);
  await settle();
  click(view.find('.form-page sl-button.submit'));
}

describe('assets: a command filter with two rules (real server)', () => {
  let filterId = '';
  before(() => loginAs('admin'));
  after(async () => {
    if (filterId) await removeAll([`${CMD_FILTERS}${filterId}/`]);
    await resetConsole();
  });

  it('creates the filter, adds a deny and an allow rule from its detail page and lists both', async () => {
    const view = await mountConsole('/assets/cmd-filters/create');
    await waitForShell(view);
    await switchStartsOn(view, 'is_active');
    slType(formControl(view, 'name'), filterName);
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    const [filter] = await list<{ id: string; name: string }>(`${CMD_FILTERS}?name=${filterName}`);
    expect(filter.name).to.equal(filterName);
    filterId = filter.id;

    await resetConsole();
    await loginAs('admin');
    const detail = await mountConsole(`/assets/cmd-filters/${filterId}?activeTab=rules`);
    await waitForShell(detail);
    await detail.waitForText('.child-table tbody', '暂无数据', 8000);

    await addRule(detail, filterId, 'rm -rf /\nreboot', '101');
    // Spec: priority 1–100 (1 lowest); out of range is refused before anything is sent.
    await waitFor(() => fieldError(detail, 'priority') !== '', 3000, 'the priority message');
    expect(await list(`${CMD_FILTERS}${filterId}/rules/`)).to.deep.equal([]);
    slType(formControl(detail, 'priority'), '90');
    await settle();
    click(detail.find('.form-page sl-button.submit'));
    await waitFor(
      () => location.hash === `#/assets/cmd-filters/${filterId}?activeTab=rules`,
      5000,
      'back on the rules tab',
    );
    await waitFor(() => ruleRows(detail).length === 1, 5000, 'the first rule listed');

    await addRule(detail, filterId, '^ls\\b', '10', { type: 'regex', action: '1' });
    await waitFor(() => ruleRows(detail).length === 2, 8000, 'both rules listed');

    const rules = await list<Rule>(`${CMD_FILTERS}${filterId}/rules/`);
    expect(rules.map((r) => [r.content, r.priority, r.type, r.action])).to.deep.equal([
      ['rm -rf /\nreboot', 90, 'command', 0],
      ['^ls\\b', 10, 'regex', 1],
    ]);
    const shown = ruleRows(detail).map((row) =>
      ['type', 'content', 'priority', 'action'].map((p) => text(row.querySelector(`[data-prop="${p}"]`))),
    );
    expect(shown).to.deep.equal(
      rules.map((r) => [r.type_display, r.content.replace(/\s+/g, ' '), String(r.priority), r.action_display]),
    );
  });

  it('opened by its address without a filter, asks for the filter first, then shows the rule form', async () => {
    expect(filterId, 'the filter of the test above').to.not.equal('');
    await resetConsole();
    await loginAs('admin');
    const view = await mountConsole('/assets/command-filter-rules/create');
    await waitForShell(view);
    await view.waitForText('.child-form-parent .parent-why', '请先选择要加入规则的命令过滤器', 8000);
    expect(view.find('.form-page [data-field="content"]'), 'no empty rule form').to.equal(null);
    await pickIn(view, '.child-form-parent', filterName, filterName);
    await waitFor(
      () => location.hash === `#/assets/command-filter-rules/create?filter=${filterId}`,
      5000,
      'the filter in the address',
    );
    await waitFor(() => formControl(view, 'content', 'sl-textarea'), 8000, 'the rule form');
    await inputShows(view, 'priority', '50');
  });
});
