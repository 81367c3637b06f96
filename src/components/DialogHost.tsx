import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { closeDialog, uiState } from '../state/ui';
import { Dialog } from './Dialog';

/** Shows the first queued dialog; the next one follows when it closes. */
export function DialogHost() {
  const { t } = useTranslation();
  const { dialogs } = useSnapshot(uiState);
  const dialog = dialogs[0];
  if (!dialog) return null;
  const cancel = () => closeDialog(dialog.id, false);
  const confirm = () => closeDialog(dialog.id, true);
  return (
    <Dialog
      key={dialog.id}
      title={dialog.title}
      kind={dialog.kind}
      onClose={cancel}
      fullScreen={dialog.kind === 'html'}
      actions={
        <>
          {dialog.cancellable ? (
            <button type="button" className="btn btn--secondary" onClick={cancel}>
              {t('dialogs.cancel')}
            </button>
          ) : null}
          <button type="button" className="btn btn--primary" onClick={confirm}>
            {t('dialogs.ok')}
          </button>
        </>
      }
    >
      {dialog.text ? <p className="dialog__text">{dialog.text}</p> : null}
      {dialog.lines && dialog.lines.length > 0 ? (
        <p className="dialog__lines">
          {dialog.lines.map((line, i) => (
            <span key={i}>
              {line}
              <br />
            </span>
          ))}
        </p>
      ) : null}
      {dialog.html !== undefined ? (
        // The server's HTML error page, isolated: no scripts, no same-origin access.
        <iframe className="dialog__html" title={dialog.title} sandbox="" srcDoc={dialog.html} />
      ) : null}
    </Dialog>
  );
}
