// The engine's form draws its controls a moment before it fills in the starting values; typing in
// between is lost. Tests wait for a starting value to show, as a user would see the form complete.
import { waitFor } from '../../../helpers/dom.ts';
import type { MountedConsole } from '../../../elements/support/console-fixture.ts';

/** Waits until the switch of `field` shows the create form's initial `true`. */
export const switchStartsOn = (view: MountedConsole, field: string) =>
  waitFor(
    () =>
      (view.find(`.form-item[data-field="${field}"] sl-switch`) as unknown as { checked: boolean } | null)?.checked ===
      true,
    8000,
    `the form's starting values (${field} on)`,
  );

/** Waits until the input of `field` shows `value`. */
export const inputShows = (view: MountedConsole, field: string, value: string) =>
  waitFor(
    () =>
      (
        view.find(`.form-item[data-field="${field}"] sl-input`) as unknown as { value: unknown } | null
      )?.value?.toString() === value,
    8000,
    `the form's starting values (${field} = ${value})`,
  );
