import { expect } from '@open-wc/testing';
import { defaultRange, rangeParams, readBound, shortcutRange } from '../../../src/core/resource/dates.ts';
import { formatRelative, relativeParts } from '../../../src/core/resource/time.ts';
import { i18n, loadLanguage } from '../../../src/core/i18n/index.ts';

describe('date range', () => {
  const now = new Date(2024, 4, 20, 15, 30, 0);

  it('defaults from 00:00:01 days back to 23:59:59 today', () => {
    expect(defaultRange(7, now)).to.deep.equal({ from: '2024-05-13 00:00:01', to: '2024-05-20 23:59:59' });
  });

  it('offers last 24 hours / week / 30 days / 90 days', () => {
    expect(shortcutRange('last24h', now)).to.deep.equal({ from: '2024-05-19 15:30:00', to: '2024-05-20 15:30:00' });
    expect(shortcutRange('lastWeek', now).from).to.equal('2024-05-13 15:30:00');
    expect(shortcutRange('last30d', now).from).to.equal('2024-04-20 15:30:00');
    expect(shortcutRange('last90d', now).from).to.equal('2024-02-20 15:30:00');
  });

  it('sends valid bounds as ISO date_from/date_to and ignores invalid ones', () => {
    const params = rangeParams({ from: '2024-05-13 00:00:01', to: 'not a date' });
    expect(params).to.deep.equal({ date_from: new Date(2024, 4, 13, 0, 0, 1).toISOString() });
    expect(rangeParams({ from: '2024-02-31 00:00:01', to: '' })).to.deep.equal({});
  });

  it('reads a typed bound: a bare day at its default time, no date as null, empty as no bound', () => {
    expect(readBound('2024-05-13', 'from')).to.equal('2024-05-13 00:00:01');
    expect(readBound(' 2024-05-13 ', 'to')).to.equal('2024-05-13 23:59:59');
    expect(readBound('2024-05-13 08:15:00', 'to')).to.equal('2024-05-13 08:15:00');
    expect(readBound('2024-13-01', 'from')).to.equal(null);
    expect(readBound('11/25/2026, 12:00:01 AM', 'from')).to.equal(null);
    expect(readBound('  ', 'from')).to.equal('');
  });
});

describe('formatRelative', () => {
  afterEach(() => i18n.changeLanguage('zh'));

  it('uses the largest unit with one decimal', () => {
    expect(relativeParts(2.04)).to.deep.equal({ value: '2.0', unit: 'seconds' });
    expect(relativeParts(90)).to.deep.equal({ value: '1.5', unit: 'minutes' });
    expect(relativeParts(5400)).to.deep.equal({ value: '1.5', unit: 'hours' });
    expect(relativeParts(3 * 86400 + 43200)).to.deep.equal({ value: '3.5', unit: 'days' });
  });

  it('reads in the UI language', async () => {
    await loadLanguage('en'); // English comes in its own chunk (core/i18n)
    await i18n.changeLanguage('en');
    expect(formatRelative(5400)).to.equal('1.5 hours');
    await i18n.changeLanguage('zh');
    expect(formatRelative(86400)).to.equal('1.0 天');
  });
});
