import { useEffect, useRef, useState } from 'react';
import { useT } from '../../core/i18n/index.ts';
import { subtreeAssets, type PickerNode } from './batch-api.ts';
import './i18n.ts';

// The batch-command page's granted tree with checkboxes: ticking a node ticks every SSH asset of its
// subtree; an asset without SSH is shown but cannot be ticked. Names are rendered as text.

interface Props {
  roots: PickerNode[];
  checked: Set<string>;
  onChange: (checked: Set<string>) => void;
}

function NodeBox({
  ids,
  checked,
  onToggle,
  label,
}: {
  ids: string[];
  checked: Set<string>;
  onToggle: (on: boolean) => void;
  label: string;
}) {
  const box = useRef<HTMLInputElement>(null);
  const ticked = ids.filter((id) => checked.has(id)).length;
  const all = ids.length > 0 && ticked === ids.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = ticked > 0 && !all;
  }, [ticked, all]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="node-check"
      aria-label={label}
      checked={all}
      disabled={!ids.length}
      onChange={(event) => onToggle(event.target.checked)}
    />
  );
}

function Branch({
  node,
  checked,
  onChange,
  depth,
}: {
  node: PickerNode;
  checked: Set<string>;
  onChange: Props['onChange'];
  depth: number;
}) {
  const t = useT();
  const [open, setOpen] = useState(depth < 2);
  const ids = subtreeAssets(node);
  const toggle = (on: boolean, which: string[]) => {
    const next = new Set(checked);
    for (const id of which) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  };
  return (
    <li className="picker-node" data-key={node.key}>
      <span className="picker-row">
        <button
          type="button"
          className="picker-toggle"
          aria-expanded={open}
          aria-label={t(open ? 'ops.batch.collapse' : 'ops.batch.expand')}
          onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
        <label>
          <NodeBox ids={ids} checked={checked} onToggle={(on) => toggle(on, ids)} label={node.name} />
          <span className="picker-name">{node.name}</span>
        </label>
      </span>
      {open && (
        <ul>
          {node.children.map((child) => (
            <Branch key={child.key} node={child} checked={checked} onChange={onChange} depth={depth + 1} />
          ))}
          {node.assets.map((asset) => (
            <li key={`${node.key}/${asset.id}`} className="picker-asset" data-id={asset.id}>
              <label className={asset.ssh ? '' : 'disabled'}>
                <input
                  type="checkbox"
                  className="asset-check"
                  disabled={!asset.ssh}
                  checked={checked.has(asset.id)}
                  onChange={(event) => toggle(event.target.checked, [asset.id])}
                />
                <span className="picker-name">{asset.hostname}</span>
                <span className="picker-ip">{asset.ip}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function AssetPicker({ roots, checked, onChange }: Props) {
  return (
    <ul className="asset-picker">
      {roots.map((node) => (
        <Branch key={node.key} node={node} checked={checked} onChange={onChange} depth={0} />
      ))}
    </ul>
  );
}
