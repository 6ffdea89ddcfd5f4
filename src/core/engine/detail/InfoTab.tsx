import '../i18n.ts';
import { useT } from '../../i18n/index.ts';
import type { Row } from '../../resource/adapters.ts';
import type { ResourceDefinition } from '../../resource/define.ts';
import type { FieldsMeta } from '../../resource/metadata.ts';
import { DetailCard } from './DetailCard.tsx';
import { QuickActionsCard } from './QuickActionsCard.tsx';
import { RelationCard } from './RelationCard.tsx';

/** Fields of the info card: the definition's, else the list columns the object has. */
function infoFields(resource: ResourceDefinition, object: Row): string[] {
  return resource.detail?.fields ?? resource.list.columns.filter((c) => c !== 'actions' && c in object);
}

export function InfoTab({
  resource,
  object,
  meta,
  reload,
}: {
  resource: ResourceDefinition;
  object: Row;
  meta?: FieldsMeta;
  reload: () => void;
}) {
  const t = useT();
  const quick = resource.detail?.quickActions?.(object, reload) ?? [];
  const relations = (resource.detail?.relations ?? []).filter((relation) => relation.when?.(object) ?? true);
  return (
    <div className="detail-grid">
      <DetailCard
        title={t('engine.detail.basic')}
        object={object}
        fields={infoFields(resource, object)}
        meta={meta}
        render={resource.detail?.render}
      />
      <div>
        <QuickActionsCard actions={quick} />
        {relations.map((relation) => (
          <RelationCard key={relation.title} relation={relation} object={object} reload={reload} />
        ))}
      </div>
    </div>
  );
}
