import '../i18n.ts';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import type { Row } from '../../resource/adapters.ts';
import type { RelationDefinition, RelationMember } from '../../resource/define.ts';
import { Pager } from '../list/Pager.tsx';
import { toast } from '../../stores/notify.ts';
import { SlButton } from '../shoelace.ts';
import { RemoteSelect } from '../form/RemoteSelect.tsx';
import { failureReason } from '../delete.ts';

export const RELATION_PAGE_SIZES = [10, 30, 50] as const;

/** Members of a relation: pick more with a remote select + Add, remove one at a time. */
export function RelationCard({
  relation,
  object,
  reload,
}: {
  relation: RelationDefinition;
  object: Row;
  reload: () => void;
}) {
  const t = useT();
  const [picked, setPicked] = useState<string[]>([]);
  const [members, setMembers] = useState<RelationMember[]>([]);
  // Set when the relation pages (a system user may reach thousands of assets through a node).
  const [count, setCount] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(RELATION_PAGE_SIZES[0]);
  // Re-read whenever the object is reloaded (after an add or a remove) or the page changes.
  useEffect(() => {
    let live = true;
    Promise.resolve(relation.members(object, { offset: (page - 1) * size, limit: size })).then(
      (found) => {
        if (!live) return;
        setMembers(Array.isArray(found) ? found : found.members);
        setCount(Array.isArray(found) ? null : found.count);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [relation, object, page, size]);
  const add = async () => {
    if (picked.length === 0) return;
    try {
      await relation.add(object, picked);
      toast.success(t('message.addSuccess'));
      setPicked([]);
      reload();
    } catch {
      // http.ts has said why
    }
  };
  const remove = async (id: string) => {
    try {
      await relation.remove(object, id);
      toast.success(t('message.removeSuccess'));
      reload();
    } catch (error) {
      toast.error(`${t('message.removeFailed')}${failureReason(error)}`);
    }
  };
  return (
    <div className="card relation-card" data-relation={relation.title}>
      <h3>{t(relation.title)}</h3>
      <div className="body">
        <RemoteSelect
          remote={{ url: relation.selectUrl, labelPath: relation.selectLabel, label: relation.selectText }}
          value={picked}
          multiple
          label={t(relation.title)}
          onChange={(v) => setPicked(Array.isArray(v) ? v.map(String) : [])}
        />
        <SlButton
          size="small"
          variant="primary"
          className="add"
          disabled={picked.length === 0}
          onClick={() => void add()}
        >
          {t('engine.detail.add')}
        </SlButton>
        {members.map((member) => (
          <div key={member.id} className="member" data-id={member.id}>
            <span>{member.name}</span>
            <SlButton size="small" variant="danger" className="remove" onClick={() => void remove(member.id)}>
              {t('engine.detail.remove')}
            </SlButton>
          </div>
        ))}
        {count !== null && count > RELATION_PAGE_SIZES[0] && (
          <Pager
            total={count}
            page={page}
            size={size}
            sizes={RELATION_PAGE_SIZES}
            onPage={setPage}
            onSize={(next) => {
              setSize(next);
              setPage(1);
            }}
          />
        )}
      </div>
    </div>
  );
}
