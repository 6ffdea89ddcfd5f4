import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  errors: { notFound: { title: '404', message: 'Sorry, the page you visited does not exist', back: 'Back to home' } },
};

export default en;
