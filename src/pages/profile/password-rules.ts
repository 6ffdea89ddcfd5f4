import type { PublicSettings } from '../../core/types.ts';

export interface PasswordRule {
  /** i18n key of the requirement. */
  key: string;
  params?: Record<string, unknown>;
  test: (password: string) => boolean;
}

interface PasswordRuleSettings {
  SECURITY_PASSWORD_MIN_LENGTH?: number;
  SECURITY_PASSWORD_UPPER_CASE?: boolean;
  SECURITY_PASSWORD_LOWER_CASE?: boolean;
  SECURITY_PASSWORD_NUMBER?: boolean;
  SECURITY_PASSWORD_SPECIAL_CHAR?: boolean;
}

/** The requirements public settings' PASSWORD_RULE switches on (spec §5), in the server's order. */
export function passwordRules(settings: PublicSettings): PasswordRule[] {
  const rule = (settings.PASSWORD_RULE ?? {}) as PasswordRuleSettings;
  const min = Number(rule.SECURITY_PASSWORD_MIN_LENGTH ?? 6);
  const rules: PasswordRule[] = [
    { key: 'profile.password.rule.minLength', params: { min }, test: (p) => p.length >= min },
  ];
  if (rule.SECURITY_PASSWORD_UPPER_CASE)
    rules.push({ key: 'profile.password.rule.upper', test: (p) => /[A-Z]/.test(p) });
  if (rule.SECURITY_PASSWORD_LOWER_CASE)
    rules.push({ key: 'profile.password.rule.lower', test: (p) => /[a-z]/.test(p) });
  if (rule.SECURITY_PASSWORD_NUMBER) rules.push({ key: 'profile.password.rule.number', test: (p) => /\d/.test(p) });
  if (rule.SECURITY_PASSWORD_SPECIAL_CHAR) {
    rules.push({ key: 'profile.password.rule.special', test: (p) => /[^A-Za-z0-9]/.test(p) });
  }
  return rules;
}
