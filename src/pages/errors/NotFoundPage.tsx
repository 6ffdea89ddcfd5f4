import { Link } from 'wouter';
import { useT } from '../../core/i18n/index.ts';
import './i18n.ts';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="not-found">
      <h1>{t('errors.notFound.title')}</h1>
      <p>{t('errors.notFound.message')}</p>
      <Link href="/" className="back-home">
        {t('errors.notFound.back')}
      </Link>
    </div>
  );
}
