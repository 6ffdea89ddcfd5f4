// The Shoelace components the console uses, cherry-picked (importing a wrapper also registers its tag).
// Those never on a list's first screen (alerts show toasts) load on first use (see lazy-shoelace.ts);
// form controls are in shoelace-inputs.ts.
import './shoelace-setup.ts';
import { lazyShoelace } from './lazy-shoelace.ts';
import type SlAlertType from '@shoelace-style/shoelace/dist/react/alert/index.js';
import type SlDialogType from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import type SlRadioType from '@shoelace-style/shoelace/dist/react/radio/index.js';
import type SlRadioGroupType from '@shoelace-style/shoelace/dist/react/radio-group/index.js';
import type SlTabType from '@shoelace-style/shoelace/dist/react/tab/index.js';
import type SlTabGroupType from '@shoelace-style/shoelace/dist/react/tab-group/index.js';
import type SlTabPanelType from '@shoelace-style/shoelace/dist/react/tab-panel/index.js';
import type SlTextareaType from '@shoelace-style/shoelace/dist/react/textarea/index.js';
export const SlAlert = lazyShoelace<typeof SlAlertType>(
  () => import('@shoelace-style/shoelace/dist/react/alert/index.js'),
);
export { default as SlButton } from '@shoelace-style/shoelace/dist/react/button/index.js';
// Wrapped: opened after mounting, so focus moves in, and given back to the opener on close (FocusDialog.tsx).
export const SlDialog = lazyShoelace<typeof SlDialogType>(
  () => import('./FocusDialog.tsx') as unknown as Promise<{ default: typeof SlDialogType }>,
);
export { default as SlIcon } from '@shoelace-style/shoelace/dist/react/icon/index.js';
export { default as SlIconButton } from '@shoelace-style/shoelace/dist/react/icon-button/index.js';
export const SlRadio = lazyShoelace<typeof SlRadioType>(
  () => import('@shoelace-style/shoelace/dist/react/radio/index.js'),
);
export const SlRadioGroup = lazyShoelace<typeof SlRadioGroupType>(
  () => import('@shoelace-style/shoelace/dist/react/radio-group/index.js'),
);
export { default as SlSpinner } from '@shoelace-style/shoelace/dist/react/spinner/index.js';
export const SlTab = lazyShoelace<typeof SlTabType>(() => import('@shoelace-style/shoelace/dist/react/tab/index.js'));
export const SlTabGroup = lazyShoelace<typeof SlTabGroupType>(
  () => import('@shoelace-style/shoelace/dist/react/tab-group/index.js'),
);
export const SlTabPanel = lazyShoelace<typeof SlTabPanelType>(
  () => import('@shoelace-style/shoelace/dist/react/tab-panel/index.js'),
);
export const SlTextarea = lazyShoelace<typeof SlTextareaType>(
  () => import('@shoelace-style/shoelace/dist/react/textarea/index.js'),
);
