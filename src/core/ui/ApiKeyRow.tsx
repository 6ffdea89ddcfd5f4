import { useState } from 'react'
import './i18n.ts'
import { useT } from '../i18n/index.ts'
import { confirm, toast } from '../stores/notify.ts'
import { deleteAccessKey, setAccessKeyActive, type AccessKey } from './access-keys.ts'
import { SlButton } from './shoelace.ts'

export function ApiKeyRow({ accessKey, onChanged }: { accessKey: AccessKey; onChanged: () => void }) {
  const t = useT()
  const [showSecret, setShowSecret] = useState(false)

  const toggle = () => setAccessKeyActive(accessKey.id, !accessKey.is_active).then(onChanged, () => undefined)

  const remove = async () => {
    const ok = await confirm({
      title: t('common.tips'),
      message: t('message.deleteConfirm', { name: accessKey.id }),
      type: 'warning',
    })
    if (!ok) return
    try {
      await deleteAccessKey(accessKey.id)
      toast.success(t('message.deleteSuccess'))
      onChanged()
    } catch {
      // http.ts has shown why
    }
  }

  return (
    <tr className="access-key" data-id={accessKey.id}>
      <td>{accessKey.id}</td>
      <td className="secret">
        {showSecret ? (
          accessKey.secret
        ) : (
          <SlButton size="small" variant="text" className="show-secret" onClick={() => setShowSecret(true)}>
            {t('ui.apiKey.show')}
          </SlButton>
        )}
      </td>
      <td className="active">{accessKey.is_active ? t('ui.apiKey.yes') : t('ui.apiKey.no')}</td>
      <td>{accessKey.date_created}</td>
      <td>
        <SlButton size="small" className="toggle" onClick={toggle}>
          {accessKey.is_active ? t('ui.apiKey.off') : t('ui.apiKey.on')}
        </SlButton>{' '}
        <SlButton size="small" variant="danger" className="delete" onClick={remove}>
          {t('common.delete')}
        </SlButton>
      </td>
    </tr>
  )
}
