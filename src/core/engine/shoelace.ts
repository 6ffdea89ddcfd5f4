// Shoelace components the engines use beyond the shell's set (importing a wrapper registers its tag).
export {
  SlButton, SlDialog, SlDropdown, SlIcon, SlIconButton, SlInput, SlMenu, SlMenuItem, SlOption, SlRadio,
  SlRadioGroup, SlSelect, SlSpinner, SlSwitch, SlTab, SlTabGroup, SlTabPanel, SlTextarea,
} from '../ui/shoelace.ts'
export { default as SlCheckbox } from '@shoelace-style/shoelace/dist/react/checkbox/index.js'
export { default as SlTag } from '@shoelace-style/shoelace/dist/react/tag/index.js'
export { default as SlRadioButton } from '@shoelace-style/shoelace/dist/react/radio-button/index.js'
export { default as SlDivider } from '@shoelace-style/shoelace/dist/react/divider/index.js'
