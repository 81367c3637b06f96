import { describe, expect, it } from 'vitest';
import { jsonDepth, unstorableField } from '../../server/http/input';
import { scrubText, scrubUrl, scrubValue } from '../../server/http/logging';
import { cleanDisplayText, isStorableText } from '../../server/http/text';

describe('the input layer', () => {
  it('reads the nesting depth from the JSON text, strings and escapes aside, 5,000 levels included', () => {
    expect(jsonDepth('{"a":1}')).toBe(1);
    expect(jsonDepth('{"bets":[{"selection":[1,2]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{\\"[[["}')).toBe(1);
    expect(jsonDepth('['.repeat(5000) + ']'.repeat(5000))).toBe(5000);
    expect(jsonDepth('"plain"')).toBe(0);
  });

  it('finds NUL and lone surrogates in values and keys, and names the field', () => {
    expect(isStorableText('plain ü 😀')).toBe(true);
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00', '\ud83d'])
      expect(isStorableText(bad)).toBe(false);
    expect(
      unstorableField({ name: 'ok', bets: [{ type: 'red' }, { type: 'bl\u0000ack' }] }, 'body'),
    ).toBe('bets.1.type');
    expect(unstorableField({ ['k\u0000']: 1 }, 'body')).toBe('body');
    expect(unstorableField({ nested: { ['k\u0000']: 1 } }, 'body')).toBe('nested');
    expect(unstorableField('\u0000', 'query')).toBe('query');
    expect(unstorableField({ search_str: 'fine', n: 3, on: true, none: null }, 'query')).toBeNull();
  });

  it('cleans display names from outside: control characters and broken UTF-16 gone', () => {
    expect(cleanDisplayText(' Ada\u0000\u0007 Love\ud800lace\n')).toBe('Ada Lovelace');
  });
});

describe('log scrubbing', () => {
  it('removes secrets by shape from any text', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const token = `12|${'A'.repeat(40)}`;
    const seed = 'f'.repeat(64);
    const out = scrubText(`hash ${hash} token ${token} seed ${seed} Bearer ${token}`);
    for (const secret of [hash, token, seed]) expect(out).not.toContain(secret);
  });

  it('replaces the values of secret query parameters in a URL, keeping the rest', () => {
    expect(scrubUrl('/api/email/verify/1?expires=9&signature=abc')).toBe(
      '/api/email/verify/1?expires=9&signature=[redacted]',
    );
    expect(scrubUrl('/api/oauth/github/callback?code=c&state=s')).toBe(
      '/api/oauth/github/callback?code=[redacted]&state=[redacted]',
    );
    expect(scrubUrl('/api/bets?game=dice&limit=5')).toBe('/api/bets?game=dice&limit=5');
  });

  it("drops a failed query's bound values from its message, stack and fields", () => {
    class DrizzleQueryError extends Error {
      constructor(
        readonly query: string,
        readonly params: unknown[],
      ) {
        super(`Failed query: ${query}\nparams: ${params.join(',')}`);
      }
    }
    const error = new DrizzleQueryError('insert into users values ($1, $2)', ['Ada', 'p4ss-w0rd']);
    const out = JSON.stringify(
      scrubValue({ err: error, body: { password: 'p4ss-w0rd', name: 'Ada' } }),
    );
    expect(out).not.toContain('p4ss-w0rd');
    expect(out).toContain('insert into users');
    expect(out).toContain('"name":"Ada"');
  });
});
