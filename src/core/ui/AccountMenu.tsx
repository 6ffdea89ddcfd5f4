import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import './i18n.ts'
import { useT } from '../i18n/index.ts'
import { isAdminPageRole } from '../permissions.ts'
import {
  $currentRole, $profile, canSwitchPage, logout, switchToAdminPage, switchToUserPage,
} from '../stores/session.ts'
import { ApiKeyDialog } from './ApiKeyDialog.tsx'
import { selectedValue } from './menu-select.ts'
import { SlButton, SlDropdown, SlIcon, SlMenu, SlMenuItem } from './shoelace.ts'

export const PROFILE_PATH = '/users/profile/'

export function AccountMenu() {
  const profile = useStore($profile)
  const role = useStore($currentRole)
  const [, navigate] = useLocation()
  const [apiKeyOpen, setApiKeyOpen] = useState(false)
  const t = useT()
  const onAdminPage = isAdminPageRole(role)

  const actions: Record<string, () => void> = {
    profile: () => navigate(PROFILE_PATH),
    switchPage: onAdminPage ? switchToUserPage : switchToAdminPage,
    apiKey: () => setApiKeyOpen(true),
    logout,
  }

  return (
    <>
      <SlDropdown className="account-menu" placement="bottom-end">
        <SlButton slot="trigger" variant="text" caret>
          <SlIcon slot="prefix" name="person-circle" />
          {profile?.name ?? ''}
        </SlButton>
        <SlMenu onSlSelect={(event) => actions[selectedValue(event)]?.()}>
          <SlMenuItem value="profile">{t('ui.account.profile')}</SlMenuItem>
          {canSwitchPage() && (
            <SlMenuItem value="switchPage">
              {onAdminPage ? t('ui.account.userPage') : t('ui.account.adminPage')}
            </SlMenuItem>
          )}
          <SlMenuItem value="apiKey">{t('ui.account.apiKey')}</SlMenuItem>
          <SlMenuItem value="logout">{t('ui.account.logout')}</SlMenuItem>
        </SlMenu>
      </SlDropdown>
      {apiKeyOpen && <ApiKeyDialog onClose={() => setApiKeyOpen(false)} />}
    </>
  )
}
