import type { Row } from '../../resource/adapters.ts';
import type { RelationDefinition } from '../../resource/define.ts';
import { RelationCard } from './RelationCard.tsx';

type TabProps = { object: Row; reload: () => void };

/** A detail tab of relation cards, one under the other (loaded through relation-tab.ts). */
export const relationCardsView =
  (relations: RelationDefinition[]) =>
  ({ object, reload }: TabProps) => (
    <div className="relation-cards">
      {relations.map((relation) => (
        <RelationCard key={relation.title} relation={relation} object={object} reload={reload} />
      ))}
    </div>
  );
