import { Type } from 'typebox';

/** Shapes shared by many routes, for validation and the OpenAPI document. */
export const ErrorBody = Type.Object(
  { message: Type.String(), title: Type.Optional(Type.String()) },
  { $id: 'ErrorBody' },
);

export const ValidationErrorBody = Type.Object(
  {
    message: Type.String(),
    errors: Type.Record(Type.String(), Type.Array(Type.String())),
  },
  { $id: 'ValidationErrorBody' },
);

export const UserBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  email_verified_at: Type.Union([Type.String(), Type.Null()]),
  role: Type.String(),
  image_id: Type.Union([Type.String(), Type.Null()]),
  referral_code: Type.String(),
  two_factor_enabled: Type.Boolean(),
  created_at: Type.String(),
});

export const Email = Type.String({ format: 'email', maxLength: 255 });
export const Password = Type.String({ minLength: 8, maxLength: 255 });

/** Standard error answers for a route's OpenAPI entry. */
export const errorResponses = {
  401: ErrorBody,
  422: ValidationErrorBody,
  429: ErrorBody,
} as const;

export const bearerAuth = [{ bearerAuth: [] }];
