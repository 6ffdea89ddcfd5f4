import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import './i18n.ts';
import { useT } from '../i18n/index.ts';
import { isAdminPageRole } from '../permissions.ts';
import {
  $currentRole,
  $profile,
  canSwitchPage,
  logout,
  switchToAdminPage,
  switchToUserPage,
} from '../stores/session.ts';
import { lazyComponent } from './lazy-component.ts';
import { MenuButton, type MenuEntry } from './MenuButton.tsx';

// The dialog (Shoelace's, and the access-key list) loads when first opened, not with the console.
const ApiKeyDialog = lazyComponent<{ onClose: () => void }>(
  () => import('./ApiKeyDialog.tsx').then((m) => m.ApiKeyDialog),
  'ApiKeyDialog',
);

export const PROFILE_PATH = '/users/profile/';

export function AccountMenu() {
  const profile = useStore($profile);
  const role = useStore($currentRole);
  const [, navigate] = useLocation();
  const [apiKeyOpen, setApiKeyOpen] = useState(false);
  const t = useT();
  const onAdminPage = isAdminPageRole(role);

  const actions: Record<string, () => void> = {
    profile: () => navigate(PROFILE_PATH),
    switchPage: onAdminPage ? switchToUserPage : switchToAdminPage,
    apiKey: () => setApiKeyOpen(true),
    logout,
  };

  const entries: MenuEntry[] = [
    { value: 'profile', label: t('ui.account.profile') },
    ...(canSwitchPage()
      ? [{ value: 'switchPage', label: onAdminPage ? t('ui.account.userPage') : t('ui.account.adminPage') }]
      : []),
    { value: 'apiKey', label: t('ui.account.apiKey') },
    { value: 'logout', label: t('ui.account.logout') },
  ];

  return (
    <>
      <MenuButton
        className="account-menu"
        variant="text"
        align="end"
        icon="person-circle"
        label={profile?.name ?? ''}
        items={entries}
        onSelect={(value) => actions[value]?.()}
      />
      {apiKeyOpen && <ApiKeyDialog onClose={() => setApiKeyOpen(false)} />}
    </>
  );
}
