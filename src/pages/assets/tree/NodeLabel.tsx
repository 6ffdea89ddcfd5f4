import type { MouseEvent, ReactNode } from 'react';
import { Icon } from '../../../core/ui/Icon.tsx';
import type { TreeNode } from './node-api.ts';

export interface NodeLabelProps {
  node: TreeNode;
  depth: number;
  open: boolean;
  selected: boolean;
  editing: boolean;
  onToggle: () => void;
  onSelect: () => void;
  onMenu: (event: MouseEvent) => void;
  onRename: (value: string) => void;
  /** Drawn after the title (the root's refresh button). */
  after?: ReactNode;
}

/** One row of the tree: the open/close arrow, a folder (open or shut, as Lina's), then the title (or the rename input). */
export function NodeLabel(props: NodeLabelProps) {
  const { node } = props;
  return (
    <div
      className={`node-row${props.selected ? ' selected' : ''}`}
      data-key={node.key}
      data-id={node.id}
      style={{ paddingLeft: 4 + props.depth * 16 }}
      onContextMenu={props.onMenu}
    >
      <button
        type="button"
        className="toggle"
        aria-label={node.value}
        aria-expanded={props.open}
        tabIndex={-1}
        onClick={props.onToggle}
      >
        {props.open ? '▾' : '▸'}
      </button>
      <Icon className="folder" name={props.open ? 'folder2-open' : 'folder'} />
      {props.editing ? (
        <input
          className="rename"
          defaultValue={node.value}
          autoFocus
          aria-label={node.value}
          onKeyDown={(e) => {
            if (e.key === 'Enter') props.onRename(e.currentTarget.value);
            if (e.key === 'Escape') props.onRename(node.value);
          }}
          onBlur={(e) => props.onRename(e.currentTarget.value)}
        />
      ) : (
        // A button: Tab reaches every node, Enter picks it, → and ← open and close it (the arrow button is for the mouse).
        <button
          type="button"
          className="node-title"
          onClick={props.onSelect}
          onKeyDown={(e) => {
            if ((e.key === 'ArrowRight' && !props.open) || (e.key === 'ArrowLeft' && props.open)) {
              e.preventDefault();
              props.onToggle();
            }
          }}
        >
          {node.title}
        </button>
      )}
      {props.after}
    </div>
  );
}
