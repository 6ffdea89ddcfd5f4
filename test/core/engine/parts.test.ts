import { expect } from '@open-wc/testing';
import { pagerPages } from '../../../src/core/engine/list/Pager.tsx';
import { splitActions } from '../../../src/core/engine/list/RowActions.tsx';
import { PAGER_COUNT } from '../../../src/core/config.ts';

describe('pager', () => {
  it('shows at most 5 page buttons around the current page', () => {
    expect(PAGER_COUNT).to.equal(5);
    expect(pagerPages(1, 3)).to.deep.equal([1, 2, 3]);
    expect(pagerPages(1, 20)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(pagerPages(10, 20)).to.deep.equal([8, 9, 10, 11, 12]);
    expect(pagerPages(20, 20)).to.deep.equal([16, 17, 18, 19, 20]);
    expect(pagerPages(1, 0)).to.deep.equal([1]);
  });
});

describe('row actions', () => {
  it('shows up to 2 inline, otherwise the first inline and the rest under More', () => {
    expect(splitActions(['update', 'delete'])).to.deep.equal({ inline: ['update', 'delete'], more: [] });
    expect(splitActions(['update', 'delete', 'unblock'])).to.deep.equal({
      inline: ['update'],
      more: ['delete', 'unblock'],
    });
  });
});

describe('engine messages', () => {
  it('has every key in both languages', async () => {
    const { i18n, loadLanguage } = await import('../../../src/core/i18n/index.ts');
    await import('../../../src/core/engine/i18n.ts');
    await loadLanguage('en'); // English comes in its own chunk (core/i18n)
    const keys = (bundle: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(bundle).flatMap(([k, v]) =>
        typeof v === 'object' && v ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    const zh = keys(i18n.getResourceBundle('zh', 'translation').engine);
    const en = keys(i18n.getResourceBundle('en', 'translation').engine);
    expect(zh.length).to.be.greaterThan(40);
    expect(en.sort()).to.deep.equal(zh.sort());
  });
});
