import type { ResourcePages } from '../resource/define.ts'
import { DetailPage } from './detail/DetailPage.tsx'
import { FormPage } from './form/FormPage.tsx'
import { ListPage } from './list/ListPage.tsx'

/** The page component of each route kind a resource definition gets. */
export const ENGINE_PAGES: ResourcePages = { list: ListPage, create: FormPage, update: FormPage, detail: DetailPage }
