// What a newcomer must not meet on a page, read off the frame as they see it (text drawn, and the
// placeholders, tooltips and names a screen reader reads): a translation key instead of words, a time
// in another zone or in the browser locale's own format, the other language in the console's chrome.
import type { Lang, Walk } from './console-walk.ts';

/** A dotted lower-camel word (`assets.help.priority`, `perms.filter.isValid`), the shape of our keys. */
const KEY = /(?<![\w@/\\.-])[a-z][a-zA-Z]*(?:\.[a-zA-Z]+)+(?![\w@/\\-]|\.[a-zA-Z])/g;
/** Words of that shape that are not keys: host and file names, abbreviations. */
const NOT_KEYS =
  /^(?:e\.g|i\.e|.*\.(?:com|org|net|io|cn|local|example|log|gz|exe|service|conf|sql|txt|sh|py|json|ya?ml|html|js|tar|pem|pub))$/;
const STAMP = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})? ([+-]\d{4})/g;
/** The browser locale's own date format ("12/7/2026, 5:59:14 AM"), never the console's. */
const LOCALE_DATE = /\b\d{1,2}\/\d{1,2}\/\d{4},? \d{1,2}:\d{2}/;
const CJK = /[\u3400-\u9fff]/;
/** The console's own words (not data): headings, labels, buttons, tabs, menu, help. */
const CHROME =
  'h1, h2, h3, h4, legend, label, th, button, [role="tab"], nav.sidebar, .tags-view, .help, .navbar, .form-item > label';

function zone(): string {
  const offset = -new Date().getTimezoneOffset();
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}${pad(Math.abs(offset) % 60)}`;
}

/** Visible text nodes of the frame, shadow roots included, each with the element holding it. */
function visibleTexts(walk: Walk): { text: string; holder: Element }[] {
  const found: { text: string; holder: Element }[] = [];
  const read = (root: Document | ShadowRoot) => {
    const doc = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : root.ownerDocument!;
    const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const holder = node.parentElement;
      if (!holder || ['STYLE', 'SCRIPT', 'NOSCRIPT', 'TEMPLATE'].includes(holder.tagName) || !node.textContent?.trim())
        continue;
      if (!holder.checkVisibility({ visibilityProperty: true, opacityProperty: true } as CheckVisibilityOptions))
        continue;
      found.push({ text: node.textContent, holder });
    }
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) read(element.shadowRoot);
  };
  read(walk.doc());
  return found;
}

/** Placeholders, tooltips and accessible names set on elements (read aloud, or shown on hover), and the choices of closed selects. */
function attributeTexts(walk: Walk): string[] {
  return [
    ...walk
      .findAll('[placeholder], [title], [aria-label], [label], [help-text]')
      .flatMap((element) =>
        ['placeholder', 'title', 'aria-label', 'label', 'help-text']
          .map((name) => element.getAttribute(name) ?? '')
          .filter(Boolean),
      ),
    ...walk.findAll('select option').map((option) => option.textContent ?? ''),
  ];
}

export function rawKeys(walk: Walk): string[] {
  const texts = [...visibleTexts(walk).map((entry) => entry.text), ...attributeTexts(walk)];
  return [...new Set(texts.flatMap((text) => (text.match(KEY) ?? []).filter((word) => !NOT_KEYS.test(word))))];
}

/** Times not in this browser's zone, and dates in the browser locale's format. */
export function foreignTimes(walk: Walk): string[] {
  const here = zone();
  return visibleTexts(walk).flatMap(({ text }) => [
    ...[...text.matchAll(STAMP)].filter((match) => match[1] !== here).map((match) => match[0]),
    ...(LOCALE_DATE.test(text) ? [text.trim().slice(0, 40)] : []),
  ]);
}

/** In English, Chinese in the console's own words (data the server holds, such as names, may be Chinese). */
export function otherLanguage(walk: Walk, lang: Lang): string[] {
  if (lang !== 'en') return [];
  return [
    ...new Set(
      visibleTexts(walk)
        .filter(
          ({ text, holder }) =>
            CJK.test(text) &&
            holder.closest(CHROME) &&
            !holder.closest('td, .chip, .node-title, .member, select, option'),
        )
        .map(({ text }) => text.trim().slice(0, 40)),
    ),
  ];
}

/** Everything wrong on the page, one line each, prefixed with where; `home` is where the page must still be. */
export function newcomerProblems(walk: Walk, where: string, lang: Lang, home = '/ui/'): string[] {
  const left = walk.win().location.pathname.startsWith(home)
    ? []
    : [`left ${home} for ${walk.win().location.pathname}`];
  return [
    ...left,
    ...rawKeys(walk).map((key) => `raw key ${key}`),
    ...foreignTimes(walk).map((time) => `time ${time}`),
    ...otherLanguage(walk, lang).map((text) => `Chinese in English: ${text}`),
  ].map((problem) => `${where}: ${problem}`);
}
