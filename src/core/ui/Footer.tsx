import { useStore } from '@nanostores/react';
import { COPYRIGHT_YEARS, VERSION } from '../config.ts';
import './i18n.ts';
import { useT } from '../i18n/index.ts';
import { $licenseValid } from '../stores/settings.ts';

/** Version, licence and copyright; an enterprise licence hides it (spec §1). */
export function Footer() {
  const licensed = useStore($licenseValid);
  const t = useT();
  if (licensed) return null;
  return (
    <footer className="footer">
      <span className="version">{VERSION}</span>
      <span className="license">{t('ui.footer.license')}</span>
      <span className="copyright">{t('ui.footer.copyright', { years: COPYRIGHT_YEARS })}</span>
    </footer>
  );
}
