import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { setHideName } from '../../api/liveBets';
import { FormAlert } from '../../components/FormAlert';
import { authState, updateUser } from '../../state/auth';
import './hideName.css';

/** The privacy switch of the profile settings: the player's name in the live bets feed. */
export function HideNameSetting() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  if (!user) return null;
  const hidden = user.hide_name === true;

  const toggle = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const updated = await setHideName(user, !hidden);
      updateUser(updated);
      setStatus(t(updated.hide_name ? 'settings.hide_name_on' : 'settings.hide_name_off'));
    } catch {
      // the client's error dialog has said why
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hide-name-setting">
      <FormAlert text={status} kind="success" />
      <label className="switch-row">
        <input
          type="checkbox"
          role="switch"
          className="switch-row__input"
          checked={hidden}
          disabled={busy}
          aria-describedby="hide-name-hint"
          onChange={() => void toggle()}
        />
        <span className="switch-row__track" aria-hidden="true" />
        <span className="switch-row__label">{t('settings.hide_name')}</span>
      </label>
      <p id="hide-name-hint" className="muted switch-row__hint">
        {t('settings.hide_name_hint')}
      </p>
    </div>
  );
}
