import { memo, useEffect, useRef } from 'react';
import { useT } from '../../../core/i18n/index.ts';
import { clockText } from './clock-text.ts';
import type { PlacedCommand } from './replay-data.ts';

interface CommandListProps {
  commands: PlacedCommand[];
  current: number;
  onPick: (command: PlacedCommand) => void;
}

/** One command: drawn again only when it becomes or stops being the current one (a seek redraws two, not the list). */
const CommandItem = memo(function CommandItem({
  command,
  active,
  onPick,
}: {
  command: PlacedCommand;
  active: boolean;
  onPick: (command: PlacedCommand) => void;
}) {
  return (
    <li
      data-id={command.id}
      data-offset={command.offset}
      className={`risk-${command.risk_level ?? 0}`}
      aria-current={active}
    >
      <button type="button" title={command.input} onClick={() => onPick(command)}>
        <span className="command-time">{clockText(command.offset)}</span>
        <span className="command-input">{command.input}</span>
      </button>
    </li>
  );
});

/** The session's commands beside the screen; the one playing is marked and kept in view. */
export const CommandList = memo(function CommandList({ commands, current, onPick }: CommandListProps) {
  const t = useT();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const box = list.current?.parentElement;
    const item = list.current?.children[current] as HTMLElement | undefined;
    // Scrolls the list only, never the host page (scrollIntoView would move the page too).
    if (
      box &&
      item &&
      (item.offsetTop < box.scrollTop || item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight)
    ) {
      box.scrollTop = item.offsetTop - box.clientHeight / 2;
    }
  }, [current]);
  return (
    <aside className="replay-commands" part="command-list" aria-labelledby="replay-commands-title">
      {/* Out of the layout's flow: however many commands, the list takes the screen's height, not its own. */}
      <div className="replay-commands-scroll">
        <h3 id="replay-commands-title">{t('replay.commands')}</h3>
        {commands.length === 0 && <p className="replay-message">{t('replay.noCommands')}</p>}
        <ol ref={list}>
          {commands.map((command, index) => (
            <CommandItem key={command.id} command={command} active={index === current} onPick={onPick} />
          ))}
        </ol>
      </div>
    </aside>
  );
});
