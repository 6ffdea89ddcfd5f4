import { dialogCss, engineCss } from './styles.ts';

/** The engines' stylesheet; pages render it once at their top. */
export function EngineStyle() {
  return <style>{engineCss + dialogCss}</style>;
}
