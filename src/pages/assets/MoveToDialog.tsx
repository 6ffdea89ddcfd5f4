import { useT } from '../../core/i18n/index.ts';
import { SlDialog } from '../../core/ui/shoelace.ts';
import { moveAssets, type MoveMode } from './tree/node-api.ts';
import { NodeTree } from './tree/NodeTree.tsx';
import './i18n.ts';

export interface MoveToDialogProps {
  mode: MoveMode;
  assetIds: string[];
  onClose: () => void;
  onDone: () => void;
}

const TITLE: Record<MoveMode, string> = {
  replace: 'assets.tree.moveTo',
  add: 'assets.tree.addTo',
  remove: 'assets.tree.removeFrom',
};

/** Pick the target node in a tree; the selected assets then move to (or join, or leave) it. */
export function MoveToDialog({ mode, assetIds, onClose, onDone }: MoveToDialogProps) {
  const t = useT();
  return (
    <SlDialog open label={t(TITLE[mode])} className="move-to-dialog" onSlRequestClose={onClose} onSlAfterHide={onClose}>
      <NodeTree
        onSelect={async (node) => {
          if (await moveAssets(node.id, assetIds, mode)) onDone();
        }}
      />
    </SlDialog>
  );
}
