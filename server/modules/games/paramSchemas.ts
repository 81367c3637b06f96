import { Type, type TSchema } from 'typebox';
import type { ParamField, ParamFields } from '../../../games/fairness/contract';

/** A rules parameter as a TypeBox schema: validation and the OpenAPI document. */
function paramSchema(field: ParamField): TSchema {
  const description = field.description ? { description: field.description } : {};
  switch (field.type) {
    case 'integer':
      return Type.Integer(description);
    case 'decimal':
      return Type.Number(description);
    case 'choice':
      return Type.Union(
        field.choices.map((choice) => Type.Literal(choice)),
        description,
      );
    case 'json':
      return Type.Unsafe<unknown>({ ...field.schema, description: field.description });
  }
}

/** The body of a bet (or a stepped game's start): `amount` unless the rules derive the stake. */
export function betBodySchema(fields: ParamFields, withAmount: boolean) {
  return Type.Object({
    ...(withAmount
      ? {
          amount: Type.Number({
            description: 'Stake in currency units, 0.01 .. 10000, 2 decimals',
          }),
        }
      : {}),
    ...Object.fromEntries(
      Object.entries(fields).map(([name, field]) => [name, paramSchema(field)]),
    ),
  });
}
