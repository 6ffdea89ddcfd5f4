import '../i18n.ts';
import { useRef, type CSSProperties } from 'react';
import { useT } from '../../i18n/index.ts';
import type { FormDefinition } from '../../resource/define.ts';
import { EngineStyle } from '../EngineStyle.tsx';
import { ResourceForm } from '../form/ResourceForm.tsx';
import { SlButton, SlDialog } from '../shoelace.ts';
import { DIALOG_TOP } from '../styles.ts';

export type DialogMode = 'new' | 'edit' | 'view';

export interface ResourceDialogProps {
  mode: DialogMode;
  url: string;
  /** The object edited or viewed (not for 'new'). */
  id?: string;
  form?: FormDefinition;
  title?: string;
  width?: string;
  top?: string;
  onClose: () => void;
  onSaved?: (body: unknown) => void;
}

/**
 * A resource form in a dialog (spec §4): new and edit validate the form before confirming;
 * view is read-only and has no confirm buttons.
 */
export function ResourceDialog({
  mode,
  url,
  id,
  form,
  title,
  width,
  top = DIALOG_TOP,
  onClose,
  onSaved,
}: ResourceDialogProps) {
  const t = useT();
  const submit = useRef<(() => Promise<boolean>) | null>(null);
  const confirm = async () => {
    if (await submit.current?.()) onClose();
  };
  const style = { '--width': width, '--engine-dialog-top': top } as CSSProperties;
  return (
    <>
      <EngineStyle />
      <SlDialog
        open
        label={title ?? t(`engine.dialog.${mode}`)}
        className={`engine-dialog resource-dialog mode-${mode}`}
        style={style}
        onSlAfterHide={(e) => e.target === e.currentTarget && onClose()}
      >
        <ResourceForm
          url={url}
          id={mode === 'new' ? undefined : id}
          form={form}
          hideButtons
          readOnly={mode === 'view'}
          submitRef={submit}
          onSuccess={(body) => onSaved?.(body)}
        />
        {mode !== 'view' && (
          <>
            <SlButton slot="footer" className="cancel" onClick={onClose}>
              {t('common.cancel')}
            </SlButton>
            <SlButton slot="footer" variant="primary" className="confirm" onClick={() => void confirm()}>
              {t('common.confirm')}
            </SlButton>
          </>
        )}
      </SlDialog>
    </>
  );
}
