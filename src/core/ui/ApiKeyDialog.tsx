import { useCallback, useEffect, useState, type CSSProperties } from 'react'
import { PAGE_SIZE } from '../config.ts'
import './i18n.ts'
import { useT } from '../i18n/index.ts'
import { createAccessKey, listAccessKeys, type AccessKeyPage } from './access-keys.ts'
import { ApiKeyRow } from './ApiKeyRow.tsx'
import { SlButton, SlDialog, SlIcon, SlIconButton, SlInput } from './shoelace.ts'

/** The caller's access keys (spec §2 "API Key dialog"); kept small until the list engine lands. */
export function ApiKeyDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<AccessKeyPage>({ count: 0, results: [] })

  const reload = useCallback(() => {
    // Failures were already toasted by http.ts; the table just stays as it was.
    listAccessKeys(search, offset).then(setPage, () => undefined)
  }, [search, offset])
  useEffect(reload, [reload])

  const create = () => createAccessKey().then(reload, () => undefined)

  return (
    <SlDialog
      className="api-key-dialog"
      label={t('ui.apiKey.title')}
      open
      style={{ '--width': '60%' } as CSSProperties}
      onSlAfterHide={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="toolbar">
        <SlButton variant="primary" size="small" className="create" onClick={create}>
          <SlIcon slot="prefix" name="plus-lg" />
          {t('common.create')}
        </SlButton>
        <span className="spacer" />
        <SlInput
          size="small"
          className="search"
          clearable
          placeholder={t('ui.apiKey.searchPlaceholder')}
          onSlChange={(event) => {
            setOffset(0)
            setSearch((event.target as HTMLInputElement).value)
          }}
        >
          <SlIcon slot="prefix" name="search" />
        </SlInput>
        <SlIconButton className="refresh" name="arrow-clockwise" label={t('common.refresh')} onClick={reload} />
      </div>
      <table className="data-table">
        <thead>
          <tr>
            <th style={{ width: 315 }}>{t('ui.apiKey.id')}</th>
            <th style={{ width: 315 }}>{t('ui.apiKey.secret')}</th>
            <th>{t('ui.apiKey.active')}</th>
            <th>{t('ui.apiKey.created')}</th>
            <th>{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {page.results.map((key) => (
            <ApiKeyRow key={key.id} accessKey={key} onChanged={reload} />
          ))}
          {page.results.length === 0 && (
            <tr>
              <td colSpan={5}>{t('ui.apiKey.empty')}</td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="toolbar pager">
        <span>{t('ui.apiKey.total', { count: page.count })}</span>
        <span className="spacer" />
        <SlButton size="small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
          {t('ui.apiKey.prev')}
        </SlButton>
        <SlButton size="small" disabled={offset + PAGE_SIZE >= page.count} onClick={() => setOffset(offset + PAGE_SIZE)}>
          {t('ui.apiKey.next')}
        </SlButton>
      </div>
    </SlDialog>
  )
}
