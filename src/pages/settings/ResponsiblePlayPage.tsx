import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import { responsiblePlayApi, type Limits, type PlayStatus } from '../../api/responsiblePlay';
import type { ScreenProps } from '../../app/routes';
import { authState } from '../../state/auth';
import { blockInForce, playState, setPlayStatus } from '../../state/play';
import { walletInfoOf } from '../wallet/walletFormat';
import { LimitsForm } from './play/LimitsForm';
import { PauseSettings } from './play/PauseSettings';
import { RealityCheckSetting } from './play/RealityCheckSetting';
import { SettingsFrame } from './SettingsTabs';
import './play/responsiblePlay.css';

interface Data {
  limits: Limits;
  status: PlayStatus;
  /** Deposit limits only mean something when the wallet takes real money. */
  realMoney: boolean;
}

/** The screen needs the limits, the status and whether deposits exist before it shows. */
export const prefetch = async (): Promise<Data> => {
  const [limits, status, wallet] = await Promise.all([
    responsiblePlayApi.limits(),
    responsiblePlayApi.status(),
    api.walletInfo().catch(() => null),
  ]);
  return { limits, status, realMoney: walletInfoOf(wallet)?.demo === false };
};

export default function ResponsiblePlayPage({ data }: ScreenProps) {
  const { t } = useTranslation();
  const { limits, status, realMoney } = data as Data;
  const { user } = useSnapshot(authState);
  const play = useSnapshot(playState);
  useEffect(() => {
    if (user) setPlayStatus(user.id, status);
  }, [user, status]);
  const shown = play.userId === user?.id && play.status ? play.status : status;
  const block = blockInForce(shown.block, Date.now());
  return (
    <SettingsFrame>
      <h2>{t('settings.responsible_play')}</h2>
      <p className="muted">{t('play.intro')}</p>
      <section className="play-section">
        <h3>{t('play.limits_title')}</h3>
        <p className="muted">{t('play.limits_intro')}</p>
        <LimitsForm
          initial={limits}
          kinds={realMoney ? ['loss', 'wager', 'deposit'] : ['loss', 'wager']}
        />
      </section>
      {user ? (
        <>
          <PauseSettings userId={user.id} block={block} />
          <RealityCheckSetting userId={user.id} minutes={shown.reality_check_minutes} />
        </>
      ) : null}
    </SettingsFrame>
  );
}
