import { useId, useRef, type KeyboardEvent } from 'react';
import { useT } from '../i18n/index.ts';

export interface TabItem {
  name: string;
  /** i18n key. */
  title: string;
}

interface TabListProps {
  tabs: readonly TabItem[];
  active: string;
  onChoose: (name: string) => void;
  /** What the tabs switch between (the page's title), their accessible name. */
  label: string;
  /** The ids the tabs and their panel share (useTabIds). */
  ids: TabIds;
}

export interface TabIds {
  tab: (name: string) => string;
  panel: string;
}

/** The ids of a tab list and its one panel (the panel shows the active tab's content). */
export function useTabIds(): TabIds {
  const base = useId();
  return { tab: (name) => `${base}-tab-${name}`, panel: `${base}-panel` };
}

/** What the panel under a TabList carries: its role, id and the name of the tab it shows. */
export const tabPanelProps = (ids: TabIds, active: string) =>
  ({ role: 'tabpanel', id: ids.panel, 'aria-labelledby': ids.tab(active) }) as const;

/**
 * Tabs as the ARIA tab pattern asks: a named tablist, each tab controlling the panel, one Tab stop (the
 * active tab; the others -1), ←/→ (and Home/End) move to a tab and show it. The detail pages' tabs were
 * buttons that ignored the arrows and named no panel.
 */
export function TabList({ tabs, active, onChoose, label, ids }: TabListProps) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.name === active);
    const last = tabs.length - 1;
    const next = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    onChoose(tabs[next].name);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div role="tablist" className="detail-tabs" aria-label={label} ref={list} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.name === active;
        return (
          <button
            key={tab.name}
            type="button"
            role="tab"
            id={ids.tab(tab.name)}
            data-tab={tab.name}
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'active' : ''}
            onClick={() => onChoose(tab.name)}
          >
            {t(tab.title)}
          </button>
        );
      })}
    </div>
  );
}
