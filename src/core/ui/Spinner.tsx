import { useT } from '../i18n/index.ts';

/**
 * A busy mark drawn by CSS (styles.ts `.spinner`), for the console's first moments: an <sl-spinner>
 * there was the page's first Lit element, and paid Lit's start-up on the path to the first row.
 */
export function Spinner() {
  const t = useT();
  return <span className="spinner" role="progressbar" aria-label={t('common.loading')} />;
}
