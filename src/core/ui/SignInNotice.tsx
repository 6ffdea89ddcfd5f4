import { useStore } from '@nanostores/react';
import { $signInRequired } from '../embedding.ts';
import { useT } from '../i18n/index.ts';
import { signInPrompt } from './sign-in-prompt.ts';

/** An embedded console without a session: why, and a link to sign in that comes back to the host page. */
export function SignInNotice() {
  const t = useT();
  const reason = useStore($signInRequired) ?? 'no-session';
  return signInPrompt({ prompt: t(`element.signIn.${reason}`), link: t('element.signIn.link') });
}
