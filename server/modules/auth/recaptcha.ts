import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../http/errors';

/** The fields a client may send the reCAPTCHA response in. */
export interface RecaptchaFields {
  recaptcha_token?: string | null | undefined;
  'g-recaptcha-response'?: string | null | undefined;
}

const VERIFY_TIMEOUT_MS = 5000;

/**
 * With RECAPTCHA_SECRET set, the request's reCAPTCHA response must be confirmed by the verify
 * endpoint (Google's siteverify by default); otherwise a 422 on `recaptcha_token`. Unset: no check.
 */
export async function requireRecaptcha(
  request: FastifyRequest,
  fields: RecaptchaFields,
): Promise<void> {
  const { recaptchaSecret, recaptchaVerifyUrl } = request.server.config.accounts;
  if (!recaptchaSecret) return;
  const response = fields.recaptcha_token || fields['g-recaptcha-response'];
  if (!response) throw ValidationError.field('recaptcha_token', 'auth.recaptcha_required');
  let success = false;
  try {
    const res = await fetch(recaptchaVerifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: recaptchaSecret, response, remoteip: request.ip }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    const body = (await res.json()) as { success?: unknown };
    success = res.ok && body.success === true;
  } catch (error) {
    request.log.warn({ err: error }, 'reCAPTCHA verification failed');
  }
  if (!success) throw ValidationError.field('recaptcha_token', 'auth.recaptcha_failed');
}
