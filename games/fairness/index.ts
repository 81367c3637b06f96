export { floats, hashServerSeed } from './floats';
export { hmacSha256, sha256, toHex, utf8 } from './hash';
export * from './money';
export { InvalidGameParams, type RuleIssue } from './issues';
export {
  recomputeBet,
  VerifyInputError,
  verifyOutcome,
  verifyValues,
  type RecordedBet,
  type Recomputed,
  type SeedInput,
  type VerifyInput,
} from './verify';
