/** The JSON the overlay exports and `npm run params:apply` reads: `{ "key": number, ... }`. */
export function paramsToJson(values: Record<string, number>): string {
  return `${JSON.stringify(values, null, 2)}\n`;
}

export function paramsFileName(sceneId: string): string {
  return `${sceneId}-params.json`;
}
