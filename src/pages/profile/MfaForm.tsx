import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { useT } from '../../core/i18n/index.ts'
import { toast } from '../../core/stores/notify.ts'
import { $profile } from '../../core/stores/session.ts'
import { SlButton } from '../../core/ui/shoelace.ts'
import { MfaLevelField } from './MfaLevelField.tsx'
import { patchProfile } from './profile-api.ts'

/** MFA level 0 (disabled) or 1 (enabled); a level forced by the server (2) stays forced. */
export function MfaForm() {
  const t = useT()
  const profile = useStore($profile)
  const [level, setLevel] = useState(String(profile?.mfa_level ?? 0))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await patchProfile({ mfa_level: Number(level) })
      toast.success(t('profile.mfa.success'))
    } catch {
      // http.ts has shown why
    }
  }

  return (
    <form className="form mfa-form" onSubmit={submit}>
      <MfaLevelField value={level} onChange={setLevel} />
      <div className="actions">
        <SlButton type="submit" variant="primary">{t('profile.save')}</SlButton>
      </div>
    </form>
  )
}
