import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useT } from '../i18n/index.ts';
import type { TagView } from '../stores/tags.ts';
import { useTagActions } from './tag-actions.ts';

export interface MenuPosition {
  left: number;
  top: number;
}

/** The right-click menu of a tab (spec §2; its width is TAGS_MENU_WIDTH, set in styles.ts). */
export function TagsMenu({ view, at, onDone }: { view: TagView; at: MenuPosition; onDone: () => void }) {
  const t = useT();
  const actions = useTagActions();
  const list = useRef<HTMLUListElement>(null);
  // Opened from the keyboard or the mouse, the menu takes focus; Escape gives it back to the tabs.
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('li')?.focus({ preventScroll: true });
  }, []);
  const choose = (run: () => void) => {
    run();
    onDone();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('li') ?? [])];
    const at = items.indexOf((list.current?.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement);
    if (event.key === 'Escape') onDone();
    else if (event.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else return;
    event.preventDefault();
  };
  const item = (key: string, label: string, run: () => void) => (
    <li
      key={key}
      data-action={key}
      role="menuitem"
      tabIndex={-1}
      onClick={() => choose(run)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          choose(run);
        }
      }}
    >
      {label}
    </li>
  );
  return (
    <ul ref={list} className="tags-menu" style={{ left: at.left, top: at.top }} role="menu" onKeyDown={onKeyDown}>
      {item('refresh', t('common.refresh'), () => actions.refresh(view))}
      {!view.meta.affix && item('close', t('common.close'), () => actions.close(view))}
      {item('closeOthers', t('common.closeOthers'), () => actions.closeOthers(view))}
      {item('closeAll', t('common.closeAll'), () => actions.closeAll(view))}
    </ul>
  );
}
