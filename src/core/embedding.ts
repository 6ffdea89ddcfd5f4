import { atom, computed } from 'nanostores';
import type { Org } from './types.ts';

// Who may move the page. The standalone console (`<bastion-console router="hash">`) is the page: it
// goes to the login form, reloads after an org switch and leaves on sign-out, as Lina does. Elements
// in someone else's page never do: they show what happened in their own box and tell the host by an
// event (the host decides). Code with no element on the page (unit tests, the login page) keeps the
// standalone behaviour.

const $owners = atom(0);
const $guests = atom(0);

/** True unless only embedded elements are on the page. */
export const $ownsPage = computed([$owners, $guests], (owners, guests) => owners > 0 || guests === 0);

export const ownsPage = (): boolean => $ownsPage.get();

const count = (store: typeof $owners) => {
  store.set(store.get() + 1);
  return () => store.set(store.get() - 1);
};

/** A console that is the whole page; returns the release. */
export const claimPage = (): (() => void) => count($owners);
/** An element living in a host page; returns the release. */
export const joinHostPage = (): (() => void) => count($guests);

/** Why an element asks its host to sign the user in. */
export type SignInReason = 'no-session' | 'expired' | 'signed-out';

/** Set when the shared session is gone: every embedded element shows its sign-in prompt. */
export const $signInRequired = atom<SignInReason | null>(null);

/** Asks for a sign-in without leaving the host page (the standalone console navigates instead). */
export function requireSignIn(reason: SignInReason): void {
  if ($signInRequired.get() !== reason) $signInRequired.set(reason);
}

/** A session was (re)established: prompts go away. */
export function signedIn(): void {
  if ($signInRequired.get() !== null) $signInRequired.set(null);
}

/**
 * An embedded console starts again in place instead of reloading the page: after an org switch (the
 * org it switched to comes along) or a switch between the admin and the user page.
 */
export interface Restart {
  path: string;
  org?: Org;
  at: number;
}
export const $restart = atom<Restart | null>(null);

export function restartInPlace(path: string, org?: Org): void {
  $restart.set({ path, org, at: Date.now() });
}
