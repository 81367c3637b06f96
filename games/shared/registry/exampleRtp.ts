import type { AnyRules } from '../../fairness/contract';

/** The rules' return on their example bet (every parameter at its default), as a fraction. */
export function exampleRtp(rules: AnyRules): number {
  const example = Object.fromEntries(
    Object.entries(rules.params).map(([name, field]) => [name, field.default]),
  );
  const parsed = rules.parse(example);
  if (!parsed.ok) throw new Error(`games/${rules.id}: its parameters' defaults do not parse`);
  return rules.rtp(rules.wire(parsed.value as never));
}
