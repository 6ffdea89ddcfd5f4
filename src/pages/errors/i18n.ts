import { registerMessages } from '../../core/i18n/index.ts';

export const zh = { errors: { notFound: { title: '404', message: '抱歉，您访问的页面不存在', back: '返回首页' } } };

registerMessages({ zh, en: () => import('./i18n.en.ts') });
