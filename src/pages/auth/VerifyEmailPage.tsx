import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { errorBody } from '../../api/client';
import { api } from '../../api/endpoints';
import { route, type ScreenProps } from '../../app/routes';
import { FormAlert } from '../../components/FormAlert';
import { authState } from '../../state/auth';

type State = { kind: 'busy' } | { kind: 'done'; text: string } | { kind: 'failed'; text: string };

export default function VerifyEmailPage({ params, search }: ScreenProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'busy' });
  const id = params.id ?? '';
  const signedIn = useSnapshot(authState).user !== null;

  useEffect(() => {
    let live = true;
    api
      .verifyEmail(id, search)
      .then(
        (answer) =>
          live && setState({ kind: 'done', text: answer.message ?? t('auth.email_verified') }),
      )
      .catch((error: unknown) => {
        const message = errorBody(error)?.message;
        if (live)
          setState({
            kind: 'failed',
            text: typeof message === 'string' ? message : t('auth.verify_failed'),
          });
      });
    return () => {
      live = false;
    };
  }, [id, search, t]);

  return (
    <main className="page auth-page">
      <section
        className="card auth-card"
        aria-labelledby="verify-title"
        aria-busy={state.kind === 'busy'}
      >
        <h1 id="verify-title">{t('auth.verify_email')}</h1>
        {state.kind === 'busy' ? <p className="muted">{t('app.loading')}</p> : null}
        {state.kind === 'done' ? (
          <>
            <FormAlert text={state.text} kind="success" />
            {signedIn ? (
              <Link href={route('home')} className="btn btn--primary btn--block">
                {t('not_found.back')}
              </Link>
            ) : (
              <Link href={route('login')} className="btn btn--primary btn--block">
                {t('auth.login')}
              </Link>
            )}
          </>
        ) : null}
        {state.kind === 'failed' ? (
          <>
            <FormAlert text={state.text} />
            <Link href={route('verification.resend')}>{t('auth.resend_verification')}</Link>
          </>
        ) : null}
      </section>
    </main>
  );
}
