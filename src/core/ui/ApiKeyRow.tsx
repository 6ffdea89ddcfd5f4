import { useState } from 'react';
import './i18n.ts';
import { useT } from '../i18n/index.ts';
import { SlButton } from './shoelace.ts';

/** The secret stays hidden until its owner asks for it (someone may be looking over a shoulder). */
export function SecretCell({ secret }: { secret: string }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  if (shown) return <span className="secret-value">{secret}</span>;
  return (
    <SlButton size="small" variant="text" className="show-secret" onClick={() => setShown(true)}>
      {t('ui.apiKey.show')}
    </SlButton>
  );
}
