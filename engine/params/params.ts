/**
 * Designer-tunable values of a scene (its params.ts): numbers with a default, a range and a step.
 * The debug overlay builds its tweak panel from them; `npm run params:apply` rewrites the defaults.
 */
export interface NumberParam {
  /** The default, used when the scene starts. */
  value: number;
  min: number;
  max: number;
  step: number;
  /** Shown in the tweak panel instead of the key. */
  label?: string;
}

export type ParamsSpec = Readonly<Record<string, NumberParam>>;

export type ParamValues<S extends ParamsSpec = ParamsSpec> = { [K in keyof S]: number };

/** Identity with type checking, so a params.ts reads `export const params = defineParams({...})`. */
export function defineParams<const S extends ParamsSpec>(spec: S): S {
  for (const [key, param] of Object.entries(spec)) {
    const problem = checkValue(param, param.value);
    if (problem || !(param.step > 0) || param.min > param.max) {
      throw new Error(`param '${key}': default ${param.value} ${problem ?? 'has a bad range'}`);
    }
  }
  return spec;
}

export function defaultValues<S extends ParamsSpec>(spec: S): ParamValues<S> {
  const values: Record<string, number> = {};
  for (const [key, param] of Object.entries(spec)) values[key] = param.value;
  return values as ParamValues<S>;
}

/** Clamps into the range and snaps to the step grid (what a slider would produce). */
export function coerceParam(param: NumberParam, value: number): number {
  const clamped = Math.min(param.max, Math.max(param.min, value));
  const snapped = param.min + Math.round((clamped - param.min) / param.step) * param.step;
  return roundToStep(Math.min(param.max, snapped), param.step);
}

export interface ParamsCheck {
  values: Record<string, number>;
  errors: string[];
}

/**
 * Validates imported values (JSON from the overlay's export): every key must be a known param,
 * a finite number inside its range and on its step grid. Missing keys keep their defaults.
 */
export function validateParams(spec: ParamsSpec, input: unknown): ParamsCheck {
  const errors: string[] = [];
  const values: Record<string, number> = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { values, errors: ['expected a JSON object of param values'] };
  }
  for (const [key, raw] of Object.entries(input)) {
    const param = spec[key];
    if (!param) {
      errors.push(`${key}: unknown param`);
      continue;
    }
    const problem = checkValue(param, raw);
    if (problem) errors.push(`${key}: ${problem}`);
    else values[key] = raw as number;
  }
  return { values, errors };
}

function checkValue(param: NumberParam, raw: unknown): string | undefined {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return 'is not a finite number';
  if (raw < param.min || raw > param.max) return `is outside ${param.min}..${param.max}`;
  const steps = (raw - param.min) / param.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return `is not on the step ${param.step}`;
  return undefined;
}

function roundToStep(value: number, step: number): number {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)) + 1);
  return Number(value.toFixed(Math.min(decimals, 10)));
}
