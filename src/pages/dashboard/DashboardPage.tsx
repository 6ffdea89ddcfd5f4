import type { PageComponent } from '../../core/routes.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { sendIndexEarly } from './index-call.ts';

/**
 * The admin's landing page. Only this stub is in the first load: the board (cards, rings, tables, texts)
 * is a chunk of its own, and the chart library a further one loaded when the chart is drawn; the
 * figures' call leaves while the shell renders.
 */
export const DashboardPage: PageComponent = Object.assign(
  lazyComponent(() => import('./DashboardBoard.tsx').then((m) => m.DashboardBoard), 'DashboardBoard'),
  { sendEarly: sendIndexEarly },
);
