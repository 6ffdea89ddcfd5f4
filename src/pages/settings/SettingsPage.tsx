import { useEffect, useState, type ReactNode } from 'react';
import { EngineStyle } from '../../core/engine/EngineStyle.tsx';
import type { Values } from '../../core/engine/form/validate.ts';
import { useT } from '../../core/i18n/index.ts';
import { SlSpinner, SlTab, SlTabGroup } from '../../core/ui/shoelace.ts';
import { useActiveTab } from '../../core/ui/tabs.ts';
import { GroupForm, type FormSection } from './GroupForm.tsx';
import './i18n.ts';
import { LdapButtons } from './LdapButtons.tsx';
import { LicenseTab } from './LicenseTab.tsx';
import { MailTestButton } from './MailTestButton.tsx';
import { loadSettings, type SettingsMeta, type SettingsValues } from './settings-api.ts';

const TABS = ['basic', 'email', 'emailContent', 'ldap', 'terminal', 'security', 'license'] as const;
type Tab = (typeof TABS)[number];

/** The settings group each form tab edits (the Licence tab has its own endpoints). */
const GROUP_OF: Partial<Record<Tab, string>> = {
  basic: 'basic',
  email: 'email',
  emailContent: 'email_content',
  ldap: 'ldap',
  terminal: 'terminal',
  security: 'security',
};

// The first field sat right under the tabs' line; a section heading and some air, as in Lina.
const CSS = `.settings-page .tab-content { padding-top: 20px; }
.settings-page .engine-form { gap: 16px; }`;

/** Each group's headed sections, as Lina 2.3.1 heads them (its settings views' selectFields). */
const basicInfo: FormSection[] = [{ title: 'settings.sections.basicInfo' }];
const SECTIONS: Record<string, FormSection[]> = {
  basic: basicInfo,
  email: basicInfo,
  ldap: basicInfo,
  email_content: [{ title: 'settings.sections.createUser' }],
  terminal: [{ title: 'settings.sections.basicSetting' }],
  security: [
    { title: 'settings.sections.security', fields: (id) => !id.startsWith('SECURITY_PASSWORD_') },
    { title: 'settings.sections.passwordRules' },
  ],
};

/** Buttons a group's form shows beside Submit, given the values being edited. */
const EXTRA_BUTTONS: Record<string, (values: Values) => ReactNode> = {
  email: (values) => <MailTestButton values={values} />,
  ldap: (values) => <LdapButtons values={values} />,
};

/**
 * The super admin's settings (ROUTES.md `/settings`): one tab per group of OPTIONS
 * /api/v1/settings/setting/, each a form saving its own group, and the Licence tab. The Email tab tests
 * the mail server; the LDAP tab tests the directory and imports its users.
 */
export function SettingsPage() {
  const t = useT();
  const [active, choose] = useActiveTab(TABS);
  const [state, setState] = useState<{ meta: SettingsMeta; values: SettingsValues } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadSettings().then(setState, () => setFailed(true));
  }, []);

  const group = GROUP_OF[active as Tab];
  let content: ReactNode;
  if (active === 'license') content = <LicenseTab />;
  else if (failed) content = <p className="settings-failed">{t('message.getFailed')}</p>;
  else if (!state || !group) content = <SlSpinner />;
  else {
    const meta = state.meta[group];
    content = meta ? (
      <GroupForm
        key={group}
        group={group}
        sections={SECTIONS[group]}
        meta={meta}
        current={state.values[group] ?? {}}
        onSaved={(values) => setState((old) => (old ? { ...old, values } : old))}
        extraButtons={EXTRA_BUTTONS[group]}
      />
    ) : (
      <p />
    );
  }
  return (
    <section className="engine-page panel settings-page">
      <EngineStyle />
      <style>{CSS}</style>
      <SlTabGroup onSlTabShow={(event) => choose((event as unknown as CustomEvent<{ name: string }>).detail.name)}>
        {TABS.map((tab) => (
          <SlTab key={tab} slot="nav" panel={tab} active={tab === active} data-tab={tab}>
            {t(`settings.tabs.${tab}`)}
          </SlTab>
        ))}
      </SlTabGroup>
      <div className="tab-content" data-active-tab={active}>
        {content}
      </div>
    </section>
  );
}
