import { useT } from '../../core/i18n/index.ts';
import { SlRadio, SlRadioGroup } from '../../core/ui/shoelace.ts';

export function MfaLevelField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  return (
    <SlRadioGroup
      name="mfa_level"
      label={t('profile.mfa.level')}
      value={value}
      onSlChange={(event) => onChange((event.target as HTMLInputElement).value)}
    >
      <SlRadio value="0">{t('profile.mfa.disable')}</SlRadio>
      <SlRadio value="1">{t('profile.mfa.enable')}</SlRadio>
    </SlRadioGroup>
  );
}
