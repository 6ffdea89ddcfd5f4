import { useLocation } from 'wouter';
import { useT } from '../../core/i18n/index.ts';
import { SlButton } from '../../core/ui/shoelace.ts';
import './i18n.ts';

const STEPS = ['assets', 'profile', 'apiKey'] as const;

export function GuidePage() {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <div className="panel user-guide">
      <h2>{t('firstLogin.guide.title')}</h2>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{t(`firstLogin.guide.steps.${step}`)}</li>
        ))}
      </ol>
      <SlButton variant="primary" className="continue" onClick={() => navigate('/')}>
        {t('firstLogin.guide.continue')}
      </SlButton>
    </div>
  );
}
