// Serves README.md's Django example on the test page's origin, the origin /ui/ and /api/ come from (the
// proxy in front of the reference server plays the web server's part): GET /core-portal/assets/ is the
// view (the template rendered for the request's language, 2.3's `django_language` cookie, default
// zh-hans, with the view's Content-Security-Policy), /core-portal/static/ the core's static files the
// template names (the page's own script and a stylesheet).
import { readGuide, renderTemplate } from '../lib/django-guide.mjs';

const VIEW = '/core-portal/assets/';
const STATIC_URL = '/core-portal/static/';
const STATIC = {
  'css/bootstrap.min.css': { type: 'text/css', body: 'body { font-family: sans-serif; }' },
  // The page's own script, in a file as the README says: it shows what the element reports.
  'js/asset-portal.js': {
    type: 'application/javascript',
    body: `document.documentElement.dataset.portalScript = 'ran';
document.addEventListener('asset-select', (e) => { document.documentElement.dataset.selected = String(e.detail.length); });`,
  },
};

const cookieOf = (header, name) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '')?.[1];

export function djangoGuidePlugin() {
  return {
    name: 'django-guide',
    serve(context) {
      if (context.path === VIEW) {
        const { template, csp } = readGuide();
        const languageCode = decodeURIComponent(cookieOf(context.headers.cookie, 'django_language') ?? 'zh-hans');
        context.set('Content-Security-Policy', csp);
        return { body: renderTemplate(template, { languageCode, staticUrl: STATIC_URL }), type: 'text/html' };
      }
      if (context.path.startsWith(STATIC_URL)) {
        const file = STATIC[context.path.slice(STATIC_URL.length)];
        if (file) return { body: file.body, type: file.type };
      }
      return undefined;
    },
  };
}
