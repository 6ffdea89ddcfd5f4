// Shoelace components the engines use beyond the shell's set (importing a wrapper registers its tag).
import type SlDividerType from '@shoelace-style/shoelace/dist/react/divider/index.js';
import type SlRadioButtonType from '@shoelace-style/shoelace/dist/react/radio-button/index.js';
import type SlTagType from '@shoelace-style/shoelace/dist/react/tag/index.js';
import { lazyShoelace } from '../ui/lazy-shoelace.ts';
export {
  SlButton,
  SlDialog,
  SlIcon,
  SlIconButton,
  SlRadio,
  SlRadioGroup,
  SlSpinner,
  SlTab,
  SlTabGroup,
  SlTabPanel,
  SlTextarea,
} from '../ui/shoelace.ts';
// SlInput and SlSwitch: ../ui/shoelace-inputs.ts (a re-export here would load them with the list).
// Not on a list's first screen: loaded on first use (see ../ui/lazy-shoelace.ts).
export const SlTag = lazyShoelace<typeof SlTagType>(() => import('@shoelace-style/shoelace/dist/react/tag/index.js'));
export const SlRadioButton = lazyShoelace<typeof SlRadioButtonType>(
  () => import('@shoelace-style/shoelace/dist/react/radio-button/index.js'),
);
export const SlDivider = lazyShoelace<typeof SlDividerType>(
  () => import('@shoelace-style/shoelace/dist/react/divider/index.js'),
);
