import { registerMessages } from '../../core/i18n/index.ts';

// Wording of the Audits section beyond the server's field labels and the route titles (core i18n).
export const zh = { audits: { view: '查看' } };

registerMessages({ zh, en: () => import('./i18n.en.ts') });
