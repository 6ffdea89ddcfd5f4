// Signing in on the console's /login page as a person does: the credentials typed, and the captcha the
// page shows (after an earlier failed sign-in from this address, in any test file) answered.
import { captchaAnswer } from '../../helpers/server.ts';
import { waitFor } from '../../helpers/dom.ts';
import { typeInto, type MountedConsole } from './console-fixture.ts';

export const captchaImage = (view: MountedConsole) =>
  view.find('.login [data-field="captcha"] img') as HTMLImageElement | null;
/** The key of the captcha the page shows, read from its picture's address. */
export const shownKey = (view: MountedConsole) =>
  /\/core\/auth\/captcha\/image\/([^/]+)\//.exec(captchaImage(view)?.getAttribute('src') ?? '')?.[1] ?? '';

/** Types the credentials (and the captcha's answer, or `captcha`, when one is shown) and submits. */
export async function signIn(
  view: MountedConsole,
  username: string,
  password: string,
  captcha?: string,
): Promise<void> {
  // The page reads the server's form on arrival: only then is it known whether a captcha is owed.
  await waitFor(() => view.find('.login form[data-ready]'), 5000, 'the login form, read from the server');
  await typeInto(view.find('.login [data-field="username"] sl-input'), username);
  await typeInto(view.find('.login [data-field="password"] sl-input'), password);
  if (captchaImage(view))
    await typeInto(
      view.find('.login [data-field="captcha"] sl-input'),
      captcha ?? (await captchaAnswer(shownKey(view))),
    );
  (view.find('.login .actions sl-button') as HTMLElement).click();
}
