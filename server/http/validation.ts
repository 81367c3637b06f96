import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { MessageKey } from '../i18n/messages';
import type { FieldErrors } from './errors';

/**
 * Schema errors (TypeBox) -> Laravel-style field errors: 'bets.0.amount' keys, one translated
 * message per problem, the first problem of a field first.
 */
export function validationErrorsFromSchema(errors: FastifySchemaValidationError[]): FieldErrors {
  const fields: FieldErrors = {};
  const add = (field: string, key: MessageKey, params: Record<string, string | number> = {}) => {
    const name = field || 'body';
    const list = (fields[name] ??= []);
    if (!list.some((e) => e.key === key)) list.push({ key, params });
  };

  for (const error of errors) {
    const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const params = (error.params ?? {}) as Record<string, unknown>;
    switch (error.keyword) {
      case 'required': {
        const missing = (params.requiredProperties ?? [params.missingProperty]) as string[];
        for (const name of missing) add(field ? `${field}.${name}` : name, 'validation.required');
        break;
      }
      case 'type': {
        const type = String(params.type ?? '');
        const key =
          type === 'integer'
            ? 'validation.integer'
            : type === 'number'
              ? 'validation.number'
              : type === 'boolean'
                ? 'validation.boolean'
                : type === 'array'
                  ? 'validation.array'
                  : type === 'object'
                    ? field
                      ? 'validation.object'
                      : 'validation.required'
                    : 'validation.string';
        add(field, key);
        break;
      }
      case 'minLength':
        add(field, Number(params.limit) <= 1 ? 'validation.required' : 'validation.min_length', {
          limit: Number(params.limit),
        });
        break;
      case 'maxLength':
        add(field, 'validation.max_length', { limit: Number(params.limit) });
        break;
      case 'minimum':
      case 'exclusiveMinimum':
        add(field, 'validation.min', { limit: Number(params.limit) });
        break;
      case 'maximum':
      case 'exclusiveMaximum':
        add(field, 'validation.max', { limit: Number(params.limit) });
        break;
      case 'minItems':
        add(field, 'validation.min_items', { limit: Number(params.limit) });
        break;
      case 'maxItems':
        add(field, 'validation.max_items', { limit: Number(params.limit) });
        break;
      case 'enum':
      case 'const':
      case 'anyOf':
      case 'oneOf':
        add(field, 'validation.in');
        break;
      case 'format':
        add(field, params.format === 'email' ? 'validation.email' : 'validation.format');
        break;
      case 'multipleOf':
      case 'pattern':
        add(field, 'validation.format');
        break;
      default:
        add(field, 'validation.invalid');
    }
  }
  return fields;
}

/** An object schema whose every property is a string: converting its values changes nothing. */
function stringsOnly(schema: unknown): boolean {
  const object = schema as { type?: unknown; properties?: Record<string, { type?: unknown }> };
  return (
    object.type === 'object' &&
    object.properties !== undefined &&
    Object.values(object.properties).every((property) => property.type === 'string')
  );
}

/**
 * TypeBox's validator compiler, minus one step where it is a no-op on a hot path: it converts
 * every header, query and path value to its schema's type first (Value.Convert walks the whole
 * headers object), which for headers that are all strings changes nothing. A bet's
 * Idempotency-Key header schema is such, and every bet paid for the walk.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  if (route.httpPart !== 'headers' || !stringsOnly(route.schema)) {
    return TypeBoxValidatorCompiler(route);
  }
  const check = Compile(route.schema);
  return (value) => (check.Check(value) ? { value } : { error: [...check.Errors(value)] });
};
