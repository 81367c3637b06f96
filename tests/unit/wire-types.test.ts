// The wire types: games/shared/wire/api.gen.ts is what openapi-typescript makes of the server's
// OpenAPI document now (so the shell, the games and the tests see every route's schema as the
// server declares it), and a route's schema changed without regenerating makes the check fail.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPI3 } from 'openapi-typescript';
import { serverDocument, staleness, WIRE_TYPES_FILE, wireTypes } from '../../scripts/wire-types';

interface ObjectSchema {
  properties: Record<string, unknown>;
  required: string[];
}

/** The JSON schema of a route's 200 answer in the document. */
function answerSchema(document: OpenAPI3, path: string, method: string): ObjectSchema {
  const operation = (document.paths as Record<string, Record<string, unknown>>)[path]?.[method];
  const answers = (operation as { responses: Record<string, unknown> }).responses;
  const ok = answers['200'] as { content: Record<string, { schema: ObjectSchema }> };
  return ok.content['application/json']!.schema;
}

describe('wire types', () => {
  let document: OpenAPI3;
  let committed: string;
  beforeAll(async () => {
    document = await serverDocument();
    committed = fs.readFileSync(WIRE_TYPES_FILE, 'utf8');
  }, 120_000);

  it('games/shared/wire/api.gen.ts is generated from the current server', async () => {
    expect(staleness(committed, await wireTypes(document))).toBeNull();
  });

  it('a route whose answer changed without regenerating fails the check', async () => {
    const changed = structuredClone(document);
    const profile = answerSchema(changed, '/api/profile/{id}', 'get');
    profile.properties.nickname = { type: 'string' };
    profile.required.push('nickname');
    const wanted = await wireTypes(changed);
    expect(wanted).toMatch(/^\s+nickname: string;$/m);
    expect(staleness(committed, wanted)).toBe(
      "games/shared/wire/api.gen.ts is stale (a route's schema changed): run npm run wire:types",
    );
  });
});
