// README.md's "Elements in Django templates" as a Django core would serve it: the ```django block (the
// template) and the ```python block (the view) read from the README, the template rendered by a minimal
// Django-like render that knows only what the example uses ({% load %}, {% get_current_language %},
// {{ LANGUAGE_CODE }}, {% static %}, {# #}) and fails on anything else, so an edit of the example that this
// render cannot follow stops the test instead of passing unseen.
import { readFileSync } from 'node:fs';

const README = new URL('../../README.md', import.meta.url);
const SECTION = '## Elements in Django templates';

/** The section's fenced blocks of `language`, in order. */
function blocks(readme, language) {
  const start = readme.indexOf(SECTION);
  if (start < 0) throw new Error(`README.md has no "${SECTION}" section`);
  const end = readme.indexOf('\n## ', start + SECTION.length);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
}

/** The template and the view's Content-Security-Policy, as the README has them now. */
export function readGuide(readme = readFileSync(README, 'utf8')) {
  const [template] = blocks(readme, 'django');
  const [view] = blocks(readme, 'python');
  if (!template || !view) throw new Error('the Django section lost its template or view block');
  const assignment = /response\['Content-Security-Policy'\]\s*=\s*\(([\s\S]*?)\)\n/.exec(view);
  if (!assignment) throw new Error('the view no longer sets Content-Security-Policy');
  // Python joins adjacent string literals.
  const csp = [...assignment[1].matchAll(/"([^"]*)"/g)].map((m) => m[1]).join('');
  const templateName = /template_name\s*=\s*'([^']+)'/.exec(view)?.[1];
  return { template, csp, templateName };
}

/** Renders the template for a request in `languageCode` with Django's STATIC_URL `staticUrl`. */
export function renderTemplate(template, { languageCode, staticUrl }) {
  let context = {};
  const html = template
    .replace(/\{#[\s\S]*?#\}/g, '')
    .replace(/\{%\s*load\s+[\w\s]+%\}/g, '')
    .replace(/\{%\s*get_current_language\s+as\s+(\w+)\s*%\}/g, (_m, name) => { context = { ...context, [name]: languageCode }; return ''; })
    .replace(/\{%\s*static\s+'([^']+)'\s*%\}/g, (_m, path) => `${staticUrl}${path}`)
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name) => {
      if (!(name in context)) throw new Error(`the template uses {{ ${name} }}, which this render does not know`);
      return context[name];
    });
  const unknown = /\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/.exec(html);
  if (unknown) throw new Error(`the template uses ${unknown[0]}, which this render does not know`);
  return html.trimStart();
}
