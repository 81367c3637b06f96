import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { responsiblePlayApi } from '../../../api/responsiblePlay';
import { FormAlert } from '../../../components/FormAlert';
import { setPlayStatus } from '../../../state/play';

/** Reality check intervals offered, in minutes (the server takes 10 to 240). */
const INTERVALS = [15, 30, 45, 60, 90, 120] as const;

/** How often the game pages remind the player of their time and net result; off by default. */
export function RealityCheckSetting({
  userId,
  minutes,
}: {
  userId: number;
  minutes: number | null;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const [value, setValue] = useState(minutes === null ? '' : String(minutes));
  const [status, setStatus] = useState<string | null>(null);

  const change = async (next: string) => {
    setValue(next);
    setStatus(null);
    try {
      const minutes = next === '' ? null : Number(next);
      setPlayStatus(userId, await responsiblePlayApi.setRealityCheck(minutes));
      setStatus(t('play.reality_saved'));
    } catch {
      // the client's error dialog has said why
    }
  };

  return (
    <section className="play-section" data-reality-check>
      <h3>{t('play.reality_title')}</h3>
      <p className="muted">{t('play.reality_intro')}</p>
      <FormAlert text={status} kind="success" />
      <div className="field">
        <label htmlFor={selectId}>{t('play.reality_every')}</label>
        <select id={selectId} value={value} onChange={(e) => void change(e.target.value)}>
          <option value="">{t('play.reality_off')}</option>
          {INTERVALS.map((m) => (
            <option key={m} value={String(m)}>
              {t('play.minutes', { count: m })}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
