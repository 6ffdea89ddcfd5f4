// A command filter gets two rules through the nested rule form, and its detail tab lists both.
import { expect } from '@open-wc/testing';
import { CommandFilterRulesTab } from '../../../src/pages/assets/CommandFilterRulesTab.tsx';
import { assetRoutes } from '../../../src/pages/assets/routes.ts';
import { flattenRoutes } from '../../../src/core/routes.ts';
import type { PageProps } from '../../../src/core/routes.ts';
import { bodyOf, cleanup, json, mount, type Mounted, serve, setAddress } from '../../core/engine/support.tsx';
import type { FetchStub, SentRequest } from '../../core/support/fetch-stub.ts';
import { deepQuery, deepQueryAll, text, waitFor } from '../../helpers/dom.ts';
import { typeInto } from '../../elements/support/console-fixture.ts';
import type { ComponentType } from 'react';

const RULES = '/api/v1/assets/cmd-filters/f-1/rules/';
const META = {
  actions: {
    POST: {
      type: {
        type: 'choice',
        label: 'Type',
        choices: [
          { value: 'regex', display_name: 'Regex' },
          { value: 'command', display_name: 'Command' },
        ],
      },
      content: { type: 'string', label: 'Content', required: true },
      priority: { type: 'integer', label: 'Priority', min_value: 1, max_value: 100 },
      action: {
        type: 'choice',
        label: 'Action',
        choices: [
          { value: 0, display_name: 'Deny' },
          { value: 1, display_name: 'Allow' },
        ],
      },
    },
  },
};
const RuleForm = flattenRoutes(assetRoutes).find((r) => r.name === 'CommandFilterRulesCreate')!.record
  .component as ComponentType<PageProps>;

describe('command filter rules', () => {
  let view: Mounted | undefined;
  let stub: FetchStub | undefined;
  afterEach(() => cleanup(stub, view));

  it('creates two rules under the filter and lists both on its detail tab', async () => {
    const saved: Record<string, unknown>[] = [];
    stub = serve({
      [`OPTIONS ${RULES}`]: META,
      [`POST ${RULES}`]: (r: SentRequest) => {
        const body = bodyOf(r);
        if (Number(body.priority) > 100)
          return json(400, { priority: ['Ensure this value is less than or equal to 100.'] });
        const row = {
          id: `r-${saved.length + 1}`,
          ...body,
          type_display: body.type === 'regex' ? 'Regex' : 'Command',
          action_display: body.action === 1 ? 'Allow' : 'Deny',
        };
        saved.push(row);
        return json(201, row);
      },
      [`GET ${RULES}`]: () => json(200, { count: saved.length, results: saved }),
    });
    const addRule = async (content: string, priority: string) => {
      setAddress('/assets/command-filter-rules/create?filter=f-1');
      view = mount(<RuleForm params={{}} />);
      const box = await waitFor(() => deepQuery(view!.root, '[data-field="content"] sl-textarea'), 5000, 'form');
      (box as HTMLTextAreaElement).value = content;
      box.dispatchEvent(new Event('sl-change', { bubbles: true, composed: true }));
      await typeInto(deepQuery(view.root, '[data-field="priority"] sl-input'), priority);
      deepQuery<HTMLElement>(view.root, '[data-field="priority"] sl-input')!.dispatchEvent(
        new Event('sl-change', { bubbles: true, composed: true }),
      );
      deepQuery<HTMLElement>(view.root, 'sl-button.submit')!.click();
    };

    await addRule('rm -rf /\nreboot', '0');
    // Spec §5: priority 1–100; nothing is sent while it is out of range.
    await waitFor(
      () => text(deepQuery(view!.root, '[data-field="priority"] .field-error')) !== '',
      3000,
      'priority error',
    );
    expect(stub.sent.filter((r) => r.method === 'POST')).to.have.length(0);
    view!.unmount();

    await addRule('rm -rf /\nreboot', '90');
    await waitFor(() => saved.length === 1, 3000, 'first rule');
    await waitFor(() => location.hash === '#/assets/cmd-filters/f-1?activeTab=rules', 3000, 'back to the filter');
    view!.unmount();
    await addRule('^ls', '10');
    await waitFor(() => saved.length === 2, 3000, 'second rule');
    view!.unmount();
    expect(saved[0]).to.include({ content: 'rm -rf /\nreboot', priority: 90, type: 'command', action: 0 });

    view = mount(<CommandFilterRulesTab object={{ id: 'f-1' }} reload={() => undefined} />);
    await waitFor(() => deepQueryAll(view!.root, 'tbody tr[data-id]').length === 2, 3000, 'two rows');
    expect(text(deepQuery(view.root, 'tr[data-id="r-1"]'))).to.contain('Deny');
    expect(text(deepQuery(view.root, 'tr[data-id="r-2"] [data-prop="priority"]'))).to.equal('10');
  });
});
