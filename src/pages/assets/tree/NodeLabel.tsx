import type { MouseEvent } from 'react'
import type { TreeNode } from './node-api.ts'

export interface NodeLabelProps {
  node: TreeNode
  depth: number
  open: boolean
  selected: boolean
  editing: boolean
  onToggle: () => void
  onSelect: () => void
  onMenu: (event: MouseEvent) => void
  onRename: (value: string) => void
}

/** One row of the tree: the open/close arrow, then the title (or the rename input). */
export function NodeLabel(props: NodeLabelProps) {
  const { node } = props
  return (
    <div className={`node-row${props.selected ? ' selected' : ''}`} data-key={node.key} data-id={node.id}
      style={{ paddingLeft: 4 + props.depth * 16 }} onContextMenu={props.onMenu}>
      <button type="button" className="toggle" aria-label={node.value} onClick={props.onToggle}>{props.open ? '▾' : '▸'}</button>
      {props.editing ? (
        <input className="rename" defaultValue={node.value} autoFocus aria-label={node.value}
          onKeyDown={(e) => {
            if (e.key === 'Enter') props.onRename(e.currentTarget.value)
            if (e.key === 'Escape') props.onRename(node.value)
          }}
          onBlur={(e) => props.onRename(e.currentTarget.value)} />
      ) : (
        <span className="node-title" onClick={props.onSelect}>{node.title}</span>
      )}
    </div>
  )
}
