/** The native coin has 18 decimals; balances keep 2: one cent is 10^16 wei. */
export const WEI_PER_CENT = 10n ** 16n;

/** A transfer's value as whole cents and what is below a cent (floored, never rounded up). */
export function splitWei(value: bigint): { cents: number; dustWei: bigint } {
  return { cents: Number(value / WEI_PER_CENT), dustWei: value % WEI_PER_CENT };
}

export const centsToWei = (cents: number): bigint => BigInt(cents) * WEI_PER_CENT;

/** Floors wei to cents for display (the house balance); exact below 2^53 cents. */
export const weiToCents = (value: bigint): number => Number(value / WEI_PER_CENT);
