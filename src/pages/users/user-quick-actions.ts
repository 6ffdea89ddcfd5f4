import './i18n.ts';
import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import type { QuickAction } from '../../core/resource/define.ts';
import { confirm, toast } from '../../core/stores/notify.ts';
import { resetMfa, resetPassword, resetPublicKey, setUserActive, unblockUser, type MailNote } from './user-api.ts';

// Failures are toasted by http.ts; each action only says how it went when it went well.
const quietly = async (work: Promise<unknown>): Promise<void> => {
  await work.catch(() => undefined);
};

/** The server mails only when e-mail is configured; otherwise its msg says why nothing was sent. */
function tellMail(user: Row, note: MailNote): void {
  if (note.mail_sent) toast.success(t('users.mail.sent', { email: String(user.email ?? '') }));
  else toast.warning(note.msg ?? '');
}

async function confirmed(key: string, user: Row): Promise<boolean> {
  return confirm({ title: t('common.tips'), message: t(key, { name: String(user.name ?? '') }), type: 'warning' });
}

/** Quick actions of the user detail page (spec §8 messages). */
export function userQuickActions(user: Row, reload: () => void): QuickAction[] {
  const editable = user.can_update !== false;
  return [
    {
      title: 'users.quick.active',
      kind: 'switch',
      checked: Boolean(user.is_active),
      disabled: !editable,
      onChange: (on) =>
        quietly(
          setUserActive(user, on)
            .then(
              () => toast.success(t('message.updateSuccess')),
              (e) => {
                reload(); // puts the switch back to what the server holds
                throw e;
              },
            )
            .then(reload),
        ),
    },
    {
      title: 'users.quick.resetMfa',
      kind: 'button',
      button: 'users.quick.reset',
      disabled: !editable,
      onChange: () => quietly(resetMfa(user).then(() => toast.success(t('message.resetMfaSuccess')))),
    },
    {
      title: 'users.quick.resetPassword',
      kind: 'button',
      button: 'users.quick.send',
      disabled: !editable,
      onChange: async () => {
        if (await confirmed('users.confirm.resetPassword', user))
          await quietly(resetPassword(user).then((note) => tellMail(user, note)));
      },
    },
    {
      title: 'users.quick.resetPublicKey',
      kind: 'button',
      button: 'users.quick.send',
      disabled: !editable,
      onChange: async () => {
        if (await confirmed('users.confirm.resetPublicKey', user))
          await quietly(resetPublicKey(user).then((note) => tellMail(user, note)));
      },
    },
    {
      title: 'users.quick.unblock',
      kind: 'button',
      button: 'users.quick.unblockButton',
      disabled: !editable || !user.login_blocked,
      onChange: () =>
        quietly(
          unblockUser(user).then(() => {
            toast.success(t('message.unblocked'));
            reload();
          }),
        ),
    },
  ];
}
