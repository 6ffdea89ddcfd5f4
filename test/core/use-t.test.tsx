import { expect, waitUntil } from '@open-wc/testing';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { useT } from '../../src/core/i18n/index.ts';
import { $lang } from '../../src/core/stores/locale.ts';

function ReLoginButton() {
  const t = useT();
  return <button type="button">{t('common.reLogin')}</button>;
}

describe('useT', () => {
  before(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('re-renders the text when the language changes, once its catalogue has arrived', async () => {
    $lang.set('zh');
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    try {
      act(() => root.render(<ReLoginButton />));
      expect(host.textContent).to.equal('重新登录');
      act(() => $lang.set('en'));
      // English comes in its own chunk: the Chinese text stays until it is in, never a key.
      expect(host.textContent).to.be.oneOf(['重新登录', 'Re-Login']);
      await waitUntil(() => host.textContent === 'Re-Login', 'the English text', { timeout: 5000 });
    } finally {
      act(() => root.unmount());
      host.remove();
      $lang.set('zh');
    }
  });
});
