import type { ComponentType } from 'react';
import type { ResourceDefinition, ResourceRouteKind } from '../resource/define.ts';
import type { PageProps } from '../routes.ts';
import { lazyComponent } from '../ui/lazy-component.ts';
import { ListPage } from './list/ListPage.tsx';

// The page component of each route kind a resource definition gets. The list is most sections'
// first screen and loads with the console; forms and detail pages load on first use (lazy-component.ts).
type EnginePageProps = PageProps & { resource: ResourceDefinition };

/** An engine page's `sendEarly` for one definition (routes.ts PageComponent). */
export type ResourceEarly = (definition: ResourceDefinition, search: string) => void;

export type ResourcePages = Record<
  ResourceRouteKind,
  ComponentType<EnginePageProps> & { sendEarlyFor?: ResourceEarly }
>;

const FormPage = lazyComponent<EnginePageProps>(
  () => import('./form/FormPage.tsx').then((m) => m.FormPage),
  'FormPage',
);
const DetailPage = lazyComponent<EnginePageProps>(
  () => import('./detail/DetailPage.tsx').then((m) => m.DetailPage),
  'DetailPage',
);

export const ENGINE_PAGES: ResourcePages = { list: ListPage, create: FormPage, update: FormPage, detail: DetailPage };
