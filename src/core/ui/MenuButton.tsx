import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import { Button } from './Button.tsx';

export interface MenuEntry {
  value: string;
  label: ReactNode;
  className?: string;
  /** Set for a checkable entry (the language menu): drawn with a tick and announced as checked. */
  checked?: boolean;
  disabled?: boolean;
}

export interface MenuButtonProps {
  className: string;
  label: ReactNode;
  items: MenuEntry[];
  onSelect: (value: string) => void;
  icon?: string;
  variant?: 'text' | 'default';
  size?: 'small' | 'medium';
  ariaLabel?: string;
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
}

type Position = { top: number; left?: number; right?: number };

const ITEM = '[role^="menuitem"]:not([aria-disabled="true"])';

/**
 * A button that opens a menu of entries. It replaces Shoelace's dropdown, which measured about 70 ms
 * of the console's first render (four of them on every list page). The panel is `position: fixed`
 * under the button (following it on scroll), so a table's overflow never clips it; it closes on a
 * choice, Escape or a click elsewhere. Entries stay in the DOM while closed (hidden), which is cheap.
 */
export function MenuButton({
  className,
  label,
  items,
  onSelect,
  icon,
  variant = 'default',
  size = 'medium',
  ariaLabel,
  align = 'start',
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<Position>();
  const root = useRef<HTMLSpanElement>(null);
  const panel = useRef<HTMLUListElement>(null);

  const place = () => {
    const rect = root.current!.getBoundingClientRect();
    setPosition(
      align === 'end'
        ? { top: rect.bottom + 4, right: document.documentElement.clientWidth - rect.right }
        : { top: rect.bottom + 4, left: rect.left },
    );
  };
  const show = () => {
    place();
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!event.composedPath().includes(root.current!)) setOpen(false);
    };
    // The panel is fixed: it follows its button when the page scrolls or the window resizes.
    const moved = (event: Event) => {
      if (event.target !== panel.current) place();
    };
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('scroll', moved, true);
    window.addEventListener('resize', moved);
    panel.current?.querySelector<HTMLElement>(ITEM)?.focus({ preventScroll: true });
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('scroll', moved, true);
      window.removeEventListener('resize', moved);
    };
  }, [open]);

  const choose = (item: MenuEntry) => {
    if (item.disabled) return;
    setOpen(false);
    onSelect(item.value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      root.current?.querySelector<HTMLElement>('.btn')?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) return show();
    const entries = [...(panel.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])];
    // Inside a custom element the focused entry is the shadow root's active element, not the document's.
    const focused = (panel.current!.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
    const at = focused ? entries.indexOf(focused) : -1;
    const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
    entries[(next + entries.length) % entries.length]?.focus();
  };

  return (
    <span ref={root} className={`menu-button ${className}`} onKeyDown={onKeyDown}>
      <Button
        variant={variant}
        size={size}
        caret
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={ariaLabel}
        onClick={() => (open ? setOpen(false) : show())}
      >
        {icon && <Icon name={icon} />}
        {label}
      </Button>
      <ul ref={panel} role="menu" className="menu-panel" hidden={!open} style={position}>
        {items.map((item) => (
          <li
            key={item.value}
            role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
            tabIndex={-1}
            aria-checked={item.checked}
            aria-disabled={item.disabled || undefined}
            data-value={item.value}
            className={`menu-item${item.className ? ` ${item.className}` : ''}`}
            onClick={() => choose(item)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                choose(item);
              }
            }}
          >
            {item.checked !== undefined && (
              <span className="check" aria-hidden="true">
                {item.checked ? '✓' : ''}
              </span>
            )}
            {item.label}
          </li>
        ))}
      </ul>
    </span>
  );
}
