import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  pickLocale,
  translate,
  translateCount,
  type Locale,
  type MessageKey,
  type MessageParams,
} from '../i18n/messages';
import { validationErrorsFromSchema } from './validation';

/**
 * Errors in the shapes the client handles (spec section 8):
 * 400/402/403/404 {title?, message}; 422 {message, errors}; 429 {message} + Retry-After;
 * 500 {message} with no internals. Messages are translation keys, rendered per request locale.
 */
/** A message's params, or a function of the request's locale for params that are words too. */
export type ErrorParams = MessageParams | ((locale: Locale) => MessageParams);

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly params: ErrorParams = {},
    readonly titleKey?: MessageKey,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(messageKey);
  }
}

export type FieldErrors = Record<string, { key: MessageKey; params?: MessageParams }[]>;

/** 422 with per-field messages, as Laravel's validator answers. */
export class ValidationError extends HttpError {
  constructor(
    readonly fields: FieldErrors,
    extra: Record<string, unknown> = {},
  ) {
    super(422, 'error.invalid_input', {}, undefined, extra);
  }

  /** One field, one message: `new ValidationError.field('email', 'auth.failed')`. */
  static field(
    field: string,
    key: MessageKey,
    params: MessageParams = {},
    extra: Record<string, unknown> = {},
  ): ValidationError {
    return new ValidationError(
      { [field]: [{ key, params: { field: label(field), ...params } }] },
      extra,
    );
  }
}

/** 'password_confirmation' -> 'password confirmation', 'bets.0.amount' -> 'bets.0.amount'. */
export function label(field: string): string {
  return field.replace(/_/g, ' ');
}

export const notFound = () => new HttpError(404, 'error.not_found');
/** 503: the server is closing (a stream asked for while it stops; the client retries elsewhere). */
export const serverClosing = () => new HttpError(503, 'error.server');
export const unauthenticated = () => new HttpError(401, 'error.unauthenticated');
export const forbidden = () => new HttpError(403, 'error.forbidden');

export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  return pickLocale(Array.isArray(header) ? header[0] : header);
}

function renderFields(locale: Locale, fields: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, list]) => [
      field,
      list.map((e) => translate(locale, e.key, { field: label(field), ...e.params })),
    ]),
  );
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: HttpError) {
  const locale = requestLocale(request);
  const params = typeof error.params === 'function' ? error.params(locale) : error.params;
  const message = translate(locale, error.messageKey, params);
  if (error instanceof ValidationError) {
    const errors = renderFields(locale, error.fields);
    // Laravel's message is the first field error (plus a count of the others).
    const first = Object.values(errors)[0]?.[0] ?? message;
    const others = Object.values(errors).reduce((n, list) => n + list.length, 0) - 1;
    return reply.code(422).send({
      message:
        others > 0
          ? translateCount(locale, 'error.more_errors', others, { message: first })
          : first,
      errors,
      ...error.extra,
    });
  }
  const body: Record<string, unknown> = { message, ...error.extra };
  if (error.titleKey) body.title = translate(locale, error.titleKey);
  return reply.code(error.status).send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(request, reply, error);
    if (error.validation) {
      return sendError(
        request,
        reply,
        new ValidationError(validationErrorsFromSchema(error.validation)),
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendError(request, reply, new HttpError(429, 'error.too_many_requests'));
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return sendError(request, reply, new HttpError(400, 'error.bad_json'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(request, reply, new HttpError(413, 'error.too_large'));
    }
    if (status >= 400 && status < 500) {
      return sendError(request, reply, new HttpError(status, 'error.bad_request'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new HttpError(500, 'error.server'));
  });
}
