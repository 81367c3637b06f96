import { Type } from 'typebox';

/** The optional Idempotency-Key of a bet request, for validation and the OpenAPI document. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      maxLength: 255,
      description:
        'A retried request with the same key gets the first answer and is not re-settled',
    }),
  ),
});
