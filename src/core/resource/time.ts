import { t } from '../i18n/index.ts';
import '../engine/i18n.ts';

export type RelativeUnit = 'days' | 'hours' | 'minutes' | 'seconds';

/** The largest unit the duration fills at least once, with one decimal (spec §9). */
export function relativeParts(seconds: number): { value: string; unit: RelativeUnit } {
  const abs = Math.abs(seconds);
  const [unit, size]: [RelativeUnit, number] =
    abs >= 86400 ? ['days', 86400] : abs >= 3600 ? ['hours', 3600] : abs >= 60 ? ['minutes', 60] : ['seconds', 1];
  return { value: (seconds / size).toFixed(1), unit };
}

/** e.g. 5400 → '1.5 小时' (zh) / '1.5 hours' (en). */
export function formatRelative(seconds: number): string {
  const { value, unit } = relativeParts(seconds);
  return t(`engine.time.${unit}`, { value });
}
