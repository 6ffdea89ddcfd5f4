import type { ComponentType } from 'react';
import { useT } from '../../core/i18n/index.ts';
import { SlTab, SlTabGroup } from '../../core/ui/shoelace.ts';
import { useActiveTab } from '../../core/ui/tabs.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import './i18n.ts';
import { MfaForm } from './MfaForm.tsx';
import { PasswordExpiryNotice } from './PasswordExpiryNotice.tsx';
import { ProfileInfo } from './ProfileInfo.tsx';
import { PublicKeyForm } from './PublicKeyForm.tsx';

const TABS = ['info', 'password', 'mfa', 'publicKey'] as const;
type Tab = (typeof TABS)[number];

const CONTENT: Record<Tab, ComponentType> = {
  info: ProfileInfo,
  password: ChangePasswordForm,
  mfa: MfaForm,
  publicKey: PublicKeyForm,
};

export function ProfilePage() {
  const t = useT();
  const [active, choose] = useActiveTab(TABS);
  const Content = CONTENT[active as Tab];
  return (
    <div className="panel profile-page">
      <PasswordExpiryNotice onChange={() => choose('password')} />
      <SlTabGroup onSlTabShow={(event) => choose((event as unknown as CustomEvent<{ name: string }>).detail.name)}>
        {TABS.map((tab) => (
          <SlTab key={tab} slot="nav" panel={tab} active={tab === active} data-tab={tab}>
            {t(`profile.tabs.${tab}`)}
          </SlTab>
        ))}
      </SlTabGroup>
      <section className="tab-content" data-active-tab={active}>
        <Content />
      </section>
    </div>
  );
}
