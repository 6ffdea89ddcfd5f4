import { registerMessages } from '../../core/i18n/index.ts'

registerMessages({
  zh: { errors: { notFound: { title: '404', message: '抱歉，您访问的页面不存在', back: '返回首页' } } },
  en: { errors: { notFound: { title: '404', message: 'Sorry, the page you visited does not exist', back: 'Back to home' } } },
})
