/**
 * A problem with a game's parameters, as the rules report it: the field ('target',
 * 'bets.2.selection'), a message key the server translates, and its placeholders.
 */
export interface RuleIssue {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

/** Thrown by a rule given parameters its validation would have refused. */
export class InvalidGameParams extends Error {
  constructor(readonly issues: RuleIssue[]) {
    super(issues.map((i) => `${i.field}: ${i.key}`).join('; '));
    this.name = 'InvalidGameParams';
  }
}
