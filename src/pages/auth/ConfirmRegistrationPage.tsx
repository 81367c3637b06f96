import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { errorBody } from '../../api/client';
import { api } from '../../api/endpoints';
import { route, type ScreenProps } from '../../app/routes';
import { takeIntendedUrl } from '../../app/navigationDeps';
import { startSession } from '../../state/auth';
import { COOKIE_NAMES, cookies } from '../../state/cookieJar';
import { FormAlert } from '../../components/FormAlert';

type State = { kind: 'busy' } | { kind: 'failed'; text: string };

/** The mailed registration link: creates the account and signs the player in. */
export default function ConfirmRegistrationPage({ params }: ScreenProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [state, setState] = useState<State>({ kind: 'busy' });
  const token = params.token ?? '';

  useEffect(() => {
    let live = true;
    api
      .confirmRegistration(token)
      .then(async (answer) => {
        if (!live) return;
        cookies.remove(COOKIE_NAMES.referralCode);
        await startSession(answer.token, false, answer.user);
        navigate(takeIntendedUrl() ?? route('home'), { replace: true });
      })
      .catch((error: unknown) => {
        const message = errorBody(error)?.message;
        if (live)
          setState({
            kind: 'failed',
            text: typeof message === 'string' ? message : t('auth.registration_failed'),
          });
      });
    return () => {
      live = false;
    };
  }, [token, navigate, t]);

  return (
    <main className="page auth-page">
      <section
        className="card auth-card"
        aria-labelledby="confirm-title"
        aria-busy={state.kind === 'busy'}
      >
        <h1 id="confirm-title">{t('auth.confirm_registration')}</h1>
        {state.kind === 'busy' ? <p className="muted">{t('app.loading')}</p> : null}
        {state.kind === 'failed' ? (
          <>
            <FormAlert text={state.text} />
            <p className="auth-card__switch">
              <Link href={route('login')}>{t('auth.login')}</Link>
              {' · '}
              <Link href={route('register')}>{t('auth.register')}</Link>
            </p>
          </>
        ) : null}
      </section>
    </main>
  );
}
