export { floats, hashServerSeed } from './floats';
export { hmacSha256, sha256, toHex, utf8 } from './sha256';
export * from './money';
export { InvalidGameParams, type RuleIssue } from './issues';
export { VERIFIABLE_GAMES, VerifyInputError, verifyOutcome, type VerifyInput } from './verify';
