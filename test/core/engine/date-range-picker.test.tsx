// The list's date-range picker (spec §9) as a user reads and drives it: bounds shown as
// `YYYY-MM-DD HH:MM:SS` (never the browser's locale format), the four shortcuts named in zh and en,
// a typed day taking its default time, and invalid text ignored.
import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { DateRangePicker } from '../../../src/core/engine/list/DateRangePicker.tsx';
import { i18n, loadLanguage } from '../../../src/core/i18n/index.ts';
import { defaultRange, type DateRange } from '../../../src/core/resource/dates.ts';
import { text } from '../../helpers/dom.ts';
import { cleanup, find, findAll, mount, settle, typeInto, type Mounted } from './support.tsx';

const SHOWN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ranges: DateRange[] = [];

function Picker({ start }: { start: DateRange }) {
  const [range, setRange] = useState(start);
  return (
    <DateRangePicker
      value={range}
      onChange={(next) => {
        ranges.push(next);
        setRange(next);
      }}
    />
  );
}

const bound = (view: Mounted, which: 'from' | 'to') => find<HTMLInputElement>(view.root, `input.date-${which}`);
const shortcuts = (view: Mounted) => findAll(view.root, '.date-shortcut .menu-item').map((item) => text(item));

/** Types into a bound and leaves it, as a user does. */
async function typeBound(view: Mounted, which: 'from' | 'to', value: string): Promise<void> {
  const input = bound(view, which);
  typeInto(input, value);
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  await settle();
}

const secondsBetween = (range: DateRange) =>
  (Date.parse(range.to.replace(' ', 'T')) - Date.parse(range.from.replace(' ', 'T'))) / 1000;

describe('DateRangePicker', () => {
  let view: Mounted | undefined;
  beforeEach(() => {
    ranges.length = 0;
  });
  afterEach(() => cleanup(undefined, view));

  it('shows both bounds as YYYY-MM-DD HH:MM:SS, the default range from 00:00:01 to 23:59:59', async () => {
    view = mount(<Picker start={defaultRange(7)} />);
    await settle();
    expect(bound(view, 'from').type, "text, not the browser's own datetime control").to.equal('text');
    expect(bound(view, 'from').value)
      .to.match(SHOWN)
      .and.match(/ 00:00:01$/);
    expect(bound(view, 'to').value)
      .to.match(SHOWN)
      .and.match(/ 23:59:59$/);
    expect(find(view.root, '.date-range').getAttribute('aria-label')).to.equal('时间范围');
    expect(text(find(view.root, '.date-shortcut button'))).to.equal('快捷选择');
  });

  it('offers the four shortcuts in Chinese and applies them', async () => {
    view = mount(<Picker start={defaultRange(7)} />);
    await settle();
    expect(shortcuts(view)).to.deep.equal(['最近 24 小时', '最近一周', '最近 30 天', '最近 90 天']);
    const expected = { last24h: 86400, lastWeek: 7 * 86400, last30d: 30 * 86400, last90d: 90 * 86400 };
    for (const [key, seconds] of Object.entries(expected)) {
      find(view.root, '.date-shortcut button').click();
      find(view.root, `.date-shortcut .menu-item.shortcut-${key}`).click();
      await settle();
      const applied = ranges[ranges.length - 1];
      expect(secondsBetween(applied), key).to.be.within(seconds - 1, seconds + 1);
      expect(bound(view, 'from').value, `${key} shown`).to.equal(applied.from);
      expect(applied.from).to.match(SHOWN);
    }
  });

  it('names them in English too', async () => {
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    try {
      view = mount(<Picker start={defaultRange(7)} />);
      await settle();
      expect(shortcuts(view)).to.deep.equal(['Last 24 hours', 'Last week', 'Last 30 days', 'Last 90 days']);
      expect(text(find(view.root, '.date-shortcut button'))).to.equal('Quick range');
      expect(find(view.root, '.date-range').getAttribute('aria-label')).to.equal('Date range');
      expect(bound(view, 'to').getAttribute('aria-label')).to.equal('End time');
      expect(bound(view, 'to').value).to.match(SHOWN);
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it('takes a typed day at its default time and a typed date-time as typed', async () => {
    view = mount(<Picker start={{ from: '2024-05-01 00:00:01', to: '2024-05-31 23:59:59' }} />);
    await settle();
    await typeBound(view, 'from', '2024-05-10');
    await typeBound(view, 'to', '2024-05-12');
    expect(ranges).to.deep.equal([
      { from: '2024-05-10 00:00:01', to: '2024-05-31 23:59:59' },
      { from: '2024-05-10 00:00:01', to: '2024-05-12 23:59:59' },
    ]);
    await typeBound(view, 'to', '2024-05-12 08:30:00');
    expect(ranges[ranges.length - 1].to).to.equal('2024-05-12 08:30:00');
    expect(bound(view, 'to').value).to.equal('2024-05-12 08:30:00');
  });

  it('ignores a date that does not exist: the range keeps its bound and the field says so', async () => {
    view = mount(<Picker start={{ from: '2024-05-01 00:00:01', to: '2024-05-31 23:59:59' }} />);
    await settle();
    await typeBound(view, 'from', '2024-02-31 10:00:00');
    await typeBound(view, 'to', 'yesterday');
    expect(ranges, 'nothing applied').to.deep.equal([]);
    expect(bound(view, 'from').getAttribute('aria-invalid')).to.equal('true');
    expect(find(view.root, '.date-bound.invalid')).to.be.ok;
    await typeBound(view, 'from', '2024-05-02');
    expect(ranges).to.deep.equal([{ from: '2024-05-02 00:00:01', to: '2024-05-31 23:59:59' }]);
    expect(bound(view, 'from').hasAttribute('aria-invalid')).to.equal(false);
  });
});
