import type { ComponentType } from 'react';
import type { Row } from '../../resource/adapters.ts';
import type { RelationDefinition } from '../../resource/define.ts';
import { lazyComponent } from '../../ui/lazy-component.ts';

export type DetailTabProps = { object: Row; reload: () => void };

/**
 * A detail tab of relation cards. Definitions are often on the console's first load (a section's
 * route table imports them) while the cards draw Shoelace buttons and the remote select: the tab's
 * code comes when it is first opened (src/core/README.md "First load").
 */
export const relationCardsTab = (
  relations: RelationDefinition[],
  name = 'RelationCards',
): ComponentType<DetailTabProps> =>
  lazyComponent<DetailTabProps>(() => import('./RelationCards.tsx').then((m) => m.relationCardsView(relations)), name);
