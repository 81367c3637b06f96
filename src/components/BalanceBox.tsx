import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { route } from '../app/routes';
import { authState } from '../state/auth';
import { CurrencyIcon } from './CurrencyIcon';
import { formatBalance } from './format';

export function BalanceBox() {
  const { t } = useTranslation();
  const { user_balance } = useSnapshot(authState);
  return (
    <div className="balance-box">
      <span className="balance-box__amount" aria-label={t('topbar.balance')}>
        <span className="balance-box__value" data-testid="balance">
          {formatBalance(user_balance)}
        </span>
        <CurrencyIcon />
      </span>
      <Link href={route('wallet')} className="btn btn--primary balance-box__wallet">
        {t('topbar.wallet')}
      </Link>
    </div>
  );
}
