import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from './errors';
import { isStorableText } from './text';

/** Deepest nesting of objects and arrays a JSON body may have (the deepest bet body needs 4). */
export const MAX_BODY_DEPTH = 32;

/**
 * How deep the JSON text nests, read from the text itself in one pass without recursion, so a
 * body of 5,000 levels is refused before the parser or anything else walks it.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/**
 * The path of the first key or string that PostgreSQL could not store (see isStorableText),
 * as a field name ('bets.0.type'; `root` for the value itself or a bad top-level key), or null.
 * Walks with its own stack: no recursion.
 */
export function unstorableField(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (!isStorableText(node)) return path || root;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return path || root;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

function refuseUnstorable(request: FastifyRequest): void {
  const field =
    unstorableField(request.params, 'path') ??
    unstorableField(request.query, 'query') ??
    unstorableField(request.body, 'body');
  if (field !== null) throw ValidationError.field(field, 'validation.unstorable');
}

/**
 * One input layer for every route, before any schema or handler sees the request: JSON bodies
 * nested deeper than MAX_BODY_DEPTH are refused before they are parsed, and a NUL or broken
 * UTF-16 anywhere in the path parameters, query or body is a 422 on that field.
 */
export function registerInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string) > MAX_BODY_DEPTH) {
      done(ValidationError.field('body', 'validation.too_deep', { limit: MAX_BODY_DEPTH }));
      return;
    }
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => refuseUnstorable(request));
}
