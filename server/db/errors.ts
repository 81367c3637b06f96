/** The PostgreSQL error code (SQLSTATE) of a failed query, looking through wrapping errors. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
/** statement_assert() refused (migration 0007): the statement wrote nothing. */
export const STATEMENT_ASSERT = 'CA001';
