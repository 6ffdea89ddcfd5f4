import type { Translation } from '../i18n/index.ts';
import type { zh } from './access-keys.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = { ui: { apiKey: { onOff: 'On/Off' } } };

export default en;
