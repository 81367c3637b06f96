/**
 * Rewrites the `value:` defaults inside a params.ts source text (`key: { value: 1, min: ... }`),
 * keeping everything else byte for byte. Used by `npm run params:apply`.
 */
export function rewriteDefaults(source: string, values: Record<string, number>): string {
  let out = source;
  for (const [key, value] of Object.entries(values)) {
    const name = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(
      `((?:^|[\\s{,])['"]?${name}['"]?\\s*:\\s*\\{[^{}]*?\\bvalue\\s*:\\s*)(-?\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?)`,
      'm',
    );
    if (!pattern.test(out)) throw new Error(`param '${key}' has no \`value:\` in the params file`);
    out = out.replace(pattern, (_match, head: string) => `${head}${formatNumber(value)}`);
  }
  return out;
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(12)));
}
