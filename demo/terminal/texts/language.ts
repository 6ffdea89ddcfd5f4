// Which language a door speaks to its user. The console's is Chinese unless the user chose English; the
// doors learn the choice from what the client sends: an SSH client its locale (OpenSSH's default
// `SendEnv LANG LC_*`), the web terminal the server's Accept-Language on the upgrade (zh-hans or en).
import type { Lang } from './texts.ts';

/** The locale variables an SSH client may send, by the precedence POSIX gives them. */
export const LOCALE_VARIABLES = ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const;

/**
 * `zh*` → zh; `en*`, `C`, `POSIX` → en; no locale → zh (the console's default). A locale of a language the
 * doors do not speak (de_DE…) gets English, the console's fallback: its user chose a language, not Chinese.
 * An empty variable counts as unset, as in POSIX.
 */
export function langOfLocale(env: Partial<Record<string, string>>): Lang {
  const locale = LOCALE_VARIABLES.map((name) => env[name]?.trim()).find(Boolean);
  if (!locale) return 'zh';
  return locale.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** The first language of an Accept-Language header that the doors speak; none → zh. */
export function langOfAcceptLanguage(header: string | string[] | undefined): Lang {
  for (const part of String(header ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh';
}
