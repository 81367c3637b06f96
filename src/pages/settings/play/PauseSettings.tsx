import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { responsiblePlayApi, type PlayBlock } from '../../../api/responsiblePlay';
import { Button } from '../../../components/Button';
import { FormAlert } from '../../../components/FormAlert';
import { openDialog } from '../../../state/ui';
import { setPlayBlock } from '../../../state/play';
import { blockText } from '../../../components/playFormat';

/** Break lengths offered, in hours: 1, 2 and 3 days; 1, 2, 4 and 6 weeks. */
const BREAK_HOURS = [24, 48, 72, 168, 336, 672, 1008] as const;
/** Self-exclusion lengths offered, in months, or for good. */
const EXCLUSION_MONTHS = [6, 12, 24, 60, 'permanent'] as const;

type Pause =
  | { kind: 'break'; choices: readonly number[] }
  | { kind: 'self_exclusion'; choices: readonly (number | 'permanent')[] };

/** A break or a self-exclusion: a length, then a confirmation that says it cannot be undone. */
function PauseSection({ pause, userId }: { pause: Pause; userId: number }) {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  const [choice, setChoice] = useState(String(pause.choices[0]));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const prefix = pause.kind === 'break' ? 'play.break' : 'play.exclusion';

  const label = (value: number | 'permanent') => {
    if (value === 'permanent') return t('play.for_good');
    if (pause.kind === 'self_exclusion') {
      return value % 12 === 0
        ? t('play.years', { count: value / 12 })
        : t('play.months', { count: value });
    }
    return value % 168 === 0
      ? t('play.weeks', { count: value / 168 })
      : t('play.days', { count: value / 24 });
  };

  const start = async () => {
    setBusy(true);
    try {
      const { block } =
        pause.kind === 'break'
          ? await responsiblePlayApi.takeBreak(Number(choice))
          : await responsiblePlayApi.excludeSelf(
              choice === 'permanent' ? 'permanent' : Number(choice),
            );
      setPlayBlock(userId, block);
      setStatus(blockText(block, t, i18n.language));
    } catch {
      // the client's error dialog has said why
    } finally {
      setBusy(false);
    }
  };

  const confirm = () =>
    openDialog({
      kind: 'warning',
      title: t(`${prefix}_title`),
      text: t(`${prefix}_confirm`, {
        length: label(choice === 'permanent' ? 'permanent' : Number(choice)),
      }),
      cancellable: true,
      onConfirm: () => void start(),
    });

  return (
    <section className="play-section" data-pause={pause.kind}>
      <h3>{t(`${prefix}_title`)}</h3>
      <p className="muted">{t(`${prefix}_intro`)}</p>
      <FormAlert text={status} kind="success" />
      <div className="play-section__row">
        <div className="field">
          <label htmlFor={selectId}>{t('play.length')}</label>
          <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)}>
            {pause.choices.map((value) => (
              <option key={value} value={String(value)}>
                {label(value)}
              </option>
            ))}
          </select>
        </div>
        <Button
          nativeType="button"
          type={pause.kind === 'break' ? 'primary' : 'danger'}
          loading={busy}
          onClick={confirm}
        >
          {t(`${prefix}_button`)}
        </Button>
      </div>
    </section>
  );
}

/** The break and self-exclusion sections, under the block in force if there is one. */
export function PauseSettings({ userId, block }: { userId: number; block: PlayBlock | null }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {block ? (
        <div className="alert alert--error" role="status" data-play-block={block.kind}>
          {blockText(block, t, i18n.language)}
        </div>
      ) : null}
      <PauseSection userId={userId} pause={{ kind: 'break', choices: BREAK_HOURS }} />
      <PauseSection userId={userId} pause={{ kind: 'self_exclusion', choices: EXCLUSION_MONTHS }} />
    </>
  );
}
