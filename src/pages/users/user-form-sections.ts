import type { FormGroup } from '../../core/resource/define.ts';

/** The user form's titled sections, as 2.3's user form groups them. */
export const USER_FORM_SECTIONS: FormGroup[] = [
  { title: 'users.form.account', items: ['name', 'username', 'email', 'groups'] },
  { title: 'users.form.authentication', items: ['password_strategy', 'password', 'mfa_level'] },
  { title: 'users.form.security', items: ['role', 'org_roles', 'date_expired'] },
  { title: 'users.form.other', items: ['phone', 'wechat', 'comment'] },
];
