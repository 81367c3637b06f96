import { beforeAll, expect, it } from 'vitest';
import { issueToken } from '../../server/modules/auth/tokens';
import { changeBalance } from '../../server/modules/wallet/service';
import { makeAdmin, moneySnapshot, unbalancedUsers, type MoneySnapshot } from '../support/money';
import {
  fetchOperations,
  fieldsOf,
  setAt,
  typesOf,
  validValue,
  type Field,
  type JsonSchema,
  type Operation,
  type Parameter,
} from '../support/openapi';
import { prng } from '../support/prng';
import { sendRaw, type RawAnswer, type RawRequest } from '../support/rawHttp';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';

/**
 * Malformed requests against every operation of the server's own OpenAPI document, so routes
 * added or refactored later are covered without touching this file. Every request carries one
 * defect: a bad token, broken JSON, a wrong type, a missing field, an over-long or 1 MB string,
 * NUL or broken UTF-16, nesting 33 to 5,000 levels deep, a huge, negative or tiny number,
 * `__proto__` / `constructor` keys, a bad path parameter, query string, Idempotency-Key or
 * content type. Each operation gets each defect that applies to it (in turn, then again), with
 * a valid Idempotency-Key where the operation takes one, so bodies reach the bet fingerprint.
 * The answers must be 4xx JSON in the documented shape (never a 5xx), and no money may move:
 * the fuzz player has a zero balance, so even a defect the server accepted could not buy.
 */
/** At least 2,000 (the issue asks for it); FUZZ_N raises it for a longer soak. */
const REQUESTS = Math.max(2000, Number(process.env.FUZZ_N) || 2400);
/** Requests in flight at once: enough to overlap the waits, modest for a 2-core CI. */
const CONCURRENCY = 4;
const BODY_LIMIT = 64 * 1024;
const MEGABYTE = 1024 * 1024;

type Defect =
  | 'bad_token'
  | 'broken_json'
  | 'wrong_type'
  | 'missing_field'
  | 'huge_string'
  | 'megabyte'
  | 'nul'
  | 'deep'
  | 'extreme_number'
  | 'proto_key'
  | 'whole_body'
  | 'content_type'
  | 'query'
  | 'path'
  | 'header';

interface Sent extends RawRequest {
  defect: Defect;
}

const isNumeric = (s: JsonSchema) => typesOf(s).some((t) => t === 'number' || t === 'integer');
const isText = (s: JsonSchema) => typesOf(s).includes('string');

/** The defects that can be made for an operation, from what its document says it takes. */
function defectsFor(op: Operation): Defect[] {
  const fields = op.body ? fieldsOf(op.body) : [];
  const params = (where: Parameter['in']) => op.parameters.filter((p) => p.in === where);
  const out: Defect[] = ['bad_token', 'query', 'content_type'];
  if (op.body) {
    out.push('broken_json', 'wrong_type', 'huge_string', 'megabyte', 'deep', 'proto_key');
    out.push('whole_body');
    if (op.body.required?.length) out.push('missing_field');
  } else if (op.method !== 'GET') {
    out.push('broken_json', 'deep', 'proto_key');
  }
  if (fields.some((f) => isText(f.schema)) || params('query').length || params('path').length) {
    out.push('nul');
  }
  const numericQuery = params('query').some((p) => isNumeric(p.schema ?? {}));
  if (fields.some((f) => isNumeric(f.schema)) || numericQuery) out.push('extreme_number');
  if (params('path').length) out.push('path');
  if (params('header').length) out.push('header');
  return out;
}

/** What is wrong with an answer to a malformed request, or null. */
function shapeProblem(op: Operation, res: RawAnswer): string | null {
  const excerpt = res.text.slice(0, 200);
  if (res.status === 0) return `no answer: ${excerpt}`;
  if (res.status >= 500) return `${res.status} ${excerpt}`;
  if (res.status < 200) return `status ${res.status}`;
  // No Content: a route that ignores the malformed part (DELETE takes no body) may succeed.
  if (res.status === 204) return res.text === '' ? null : `204 with a body ${excerpt}`;
  if (!res.contentType.startsWith('application/json')) {
    // Only an operation that documents another media type (an HTML page) may answer one.
    const documented = [...op.answers].some((t) => res.contentType.startsWith(t));
    return documented ? null : `${res.status} ${res.contentType || 'no content type'} ${excerpt}`;
  }
  let json: { message?: unknown; errors?: Record<string, unknown> };
  try {
    json = JSON.parse(res.text) as typeof json;
  } catch {
    return `${res.status} invalid JSON ${excerpt}`;
  }
  if (res.status < 400) return null;
  if (typeof json.message !== 'string') return `${res.status} without a message: ${excerpt}`;
  if (res.status !== 422) return null;
  const lists = Object.values(json.errors ?? {});
  const wellFormed =
    typeof json.errors === 'object' &&
    lists.length > 0 &&
    lists.every((l) => Array.isArray(l) && l.length > 0 && l.every((m) => typeof m === 'string'));
  return wellFormed ? null : `422 without field errors: ${excerpt}`;
}

describeEachDatabase('malformed requests across every route', (kind) => {
  const suite = appOnDatabase(kind);
  let ops: Operation[];
  const tokens = { player: '', admin: '' };
  let ids = { player: 0, admin: 0 };

  const refreshTokens = async () => {
    tokens.player = await issueToken(suite.server.database.db, ids.player);
    tokens.admin = await issueToken(suite.server.database.db, ids.admin);
  };

  beforeAll(async () => {
    const player = await registerUser(suite.server.url);
    const admin = await registerUser(suite.server.url);
    await makeAdmin(suite.server.database.db, admin.id);
    // Nothing to stake: even a request the server wrongly accepted could not move money in.
    await suite.server.database.db.transaction((tx) =>
      changeBalance(tx, { userId: player.id, deltaCents: -100_000, reason: 'admin_adjustment' }),
    );
    ids = { player: player.id, admin: admin.id };
    await refreshTokens();
    ops = await fetchOperations(suite.server.url);
  });

  it(`answers ${REQUESTS} malformed requests with 4xx JSON in the documented shape and moves no money`, async () => {
    expect(ops.length).toBeGreaterThan(20);
    const random = prng(kind === 'pglite' ? 0xc0ffee : 0xbadf00d);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const junk = (length: number) =>
      Array.from({ length }, () => String.fromCharCode(int(32, 0x2fff))).join('');

    const wrongTypeValue = (s: JsonSchema): unknown => {
      const allowed = typesOf(s);
      const candidates: [string, unknown][] = [
        ['string', pick(['', 'abc', '12.5', 'true', junk(20)])],
        ['number', pick([1.5, -7, 0, 1e21])],
        ['integer', pick([3, -1])],
        ['boolean', pick([true, false])],
        ['null', null],
        ['array', pick([[], [1, 'two'], [{}]])],
        ['object', pick([{}, { nested: { deep: [1] } }])],
      ];
      const wrong = candidates.filter(
        ([t]) => !allowed.includes(t) && !(t === 'integer' && allowed.includes('number')),
      );
      return pick(wrong)[1];
    };
    const badTokens = [
      'Bearer',
      'Bearer ',
      'Bearer abc',
      'Bearer 1|short',
      `Bearer 999999|${'A'.repeat(40)}`,
      `Bearer 1|${'A'.repeat(40)}`,
      `Bearer ${tokens.player.split('|')[0]}|${'Z'.repeat(40)}`,
      `Bearer 0|${'a'.repeat(40)}`,
      `Bearer -1|${'a'.repeat(40)}`,
      `Bearer 99999999999999999999|${'a'.repeat(40)}`,
      `Basic ${Buffer.from('admin:admin').toString('base64')}`,
      `Bearer ${'x'.repeat(6000)}`,
      `Bearer ${tokens.player}x`,
      `Bearer ${tokens.player.replace('|', '||')}`,
      `Bearer ${encodeURIComponent('ü|ö')}`,
      'Bearer null',
    ];
    const badIds = [
      'abc',
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      '99999999999999999999',
      '2147483648',
      '%00',
      'a%00b',
      '%ED%A0%80', // a lone surrogate, UTF-8 encoded
      '%ZZ',
      '..%2F..%2Fetc%2Fpasswd',
      encodeURIComponent("1' OR '1'='1"),
      'x'.repeat(3000),
      encodeURIComponent(junk(50)),
      'null',
    ];
    const brokenJson = [
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '{"amount": 1,}',
      "{'single': 1}",
      '{"a": NaN}',
      '{"a": 1e999999}',
      '\u0000',
      '{"__proto__": {"admin": true}, "x": ',
      '"unterminated',
      '{"a":"\\ud800"',
      junk(100),
      ' ',
    ];
    const unstorable = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\u0000'.repeat(50)];
    const extremeNumbers = [
      '1e308',
      '-1e308',
      '1e400',
      '-1e400',
      '9007199254740993',
      '-9007199254740993',
      '99999999999999999999999',
      '2147483648',
      '-2147483649',
      '-1',
      '-0.01',
      '-0',
      '1e-9',
      '0.001',
      '123456789012.345',
    ];
    const extremeQueryValues = [
      '-1',
      '-0',
      '1e308',
      '1e999',
      '9'.repeat(40),
      '0x7fffffff',
      '-2147483649',
    ];
    const nested = (depth: number) =>
      random() < 0.5
        ? '['.repeat(depth) + ']'.repeat(depth)
        : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const protoKeys = [
      '"__proto__":{"role":"admin","balance":1e9}',
      '"constructor":{"prototype":{"role":"admin"}}',
      '"__proto__":null',
      '"x":{"__proto__":{"polluted":true}}',
    ];

    /** A JSON text with `key: raw value text` added at the top of an object body. */
    const withRawField = (body: unknown, field: string): string => {
      const text = JSON.stringify(body ?? {});
      if (!text.startsWith('{')) return `{${field}}`;
      return text === '{}' ? `{${field}}` : `{${field},${text.slice(1)}`;
    };

    const build = (op: Operation, defect: Defect, n: number): Sent => {
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const queryParams = op.parameters.filter((p) => p.in === 'query');
      const headerParams = op.parameters.filter((p) => p.in === 'header');
      const fields = op.body ? fieldsOf(op.body) : [];
      const textFields = fields.filter((f) => isText(f.schema));
      const numericFields = fields.filter((f) => isNumeric(f.schema));
      const pathValue = (p: Parameter) =>
        p.name === 'id'
          ? String(op.admin ? ids.player : 1)
          : encodeURIComponent(String(validValue(p.schema ?? {}, n)));

      const token = op.admin ? tokens.admin : tokens.player;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (op.secured) headers.authorization = `Bearer ${token}`;
      for (const p of headerParams) headers[p.name.toLowerCase()] = `fuzz-${kind}-${n}`;
      let body: unknown = op.body ? validValue(op.body, n) : undefined;
      let raw: string | undefined;
      let query = '';
      let brokenPath: { param: Parameter; value: string } | undefined;
      // Where a NUL or a number goes when the body has no such field: a parameter, else a field.
      const target = (wanted: Field[], params: Parameter[]) =>
        wanted.length && (!params.length || random() < 0.6)
          ? { field: pick(wanted) }
          : params.length
            ? { param: pick(params) }
            : { field: { path: ['extra'], schema: {}, required: false } as Field };

      switch (defect) {
        case 'bad_token':
          headers.authorization = pick(badTokens);
          // A public route ignores the token: without a valid body it still cannot act.
          body = op.body ? {} : undefined;
          break;
        case 'broken_json':
          raw = pick(brokenJson);
          break;
        case 'wrong_type': {
          const field = pick(
            fields.length ? fields : [{ path: ['x'], schema: {}, required: false }],
          );
          if (fields.length) setAt(body, field.path, wrongTypeValue(field.schema));
          else body = pick([[], 'text', 42, true]);
          break;
        }
        case 'missing_field':
          setAt(body, pick(fields.filter((f) => f.required)).path, undefined, true);
          break;
        case 'huge_string': {
          const bounded = textFields.filter((f) => f.schema.maxLength !== undefined);
          // Past maxLength (or, where there is none, past the body limit) nothing is valid.
          const field = bounded.length && random() < 0.7 ? pick(bounded) : pick(fields);
          const limit = field.schema.maxLength;
          const length =
            limit !== undefined && random() < 0.5
              ? int(limit + 1, limit + 2000)
              : BODY_LIMIT + int(1, 8000);
          setAt(body, field.path, 'y'.repeat(length));
          break;
        }
        case 'megabyte':
          setAt(
            body,
            pick(fields.length ? fields : [{ path: ['extra'] } as Field]).path,
            'm'.repeat(MEGABYTE),
          );
          break;
        case 'nul': {
          const value = pick(unstorable);
          const where = target(textFields, [...pathParams, ...queryParams]);
          if (where.field) setAt((body ??= {}), where.field.path, value);
          else if (where.param.in === 'path')
            brokenPath = {
              param: where.param,
              value: encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\u0000')),
            };
          else
            query = `?${where.param.name}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\u0000'))}`;
          break;
        }
        case 'deep': {
          const depth = pick([33, 40, 200, 5000]);
          const field = fields.length && random() < 0.5 ? pick(fields).path[0] : 'extra';
          raw = withRawField(body, `${JSON.stringify(String(field))}:${nested(depth)}`);
          break;
        }
        case 'extreme_number': {
          const where = target(
            numericFields,
            queryParams.filter((p) => isNumeric(p.schema ?? {})),
          );
          if (where.field) {
            const value = pick(extremeNumbers);
            const marker = `__number_${n}__`;
            setAt((body ??= {}), where.field.path, marker);
            raw = JSON.stringify(body).replace(`"${marker}"`, value);
          } else query = `?${where.param.name}=${pick(extremeQueryValues)}`;
          break;
        }
        case 'proto_key':
          raw = withRawField(body, pick(protoKeys));
          break;
        case 'whole_body':
          body = pick([[], [1, 2, 3], 'a string', 12, true, null, [{}]]);
          if (body === null && random() < 0.5) raw = 'null';
          break;
        case 'content_type':
          headers['content-type'] = pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data; boundary=x',
            'application/json; charset=utf-16',
          ]);
          raw = op.body
            ? pick(['amount=1&reason=x', '<xml/>', 'plain text'])
            : pick(['amount=1&reason=x', '<xml/>', 'plain text', '{}']);
          break;
        case 'query': {
          body = op.body ? {} : undefined;
          const param = queryParams.length && random() < 0.8 ? pick(queryParams) : undefined;
          const name =
            param?.name ??
            pick(['x', 'a[b]', '__proto__', 'constructor[prototype]', '%ZZ', 'limit']);
          const value = pick([
            'abc',
            '-5',
            '1.5',
            '1e999',
            '9'.repeat(400),
            'q'.repeat(5000),
            '%ZZ',
            '%E0%A4%A',
            '',
            encodeURIComponent(junk(40)),
          ]);
          query = `?${name}=${value}${random() < 0.3 ? `&${name}=${value}&${name}[]=2` : ''}`;
          break;
        }
        case 'path':
          brokenPath = { param: pick(pathParams), value: pick(badIds) };
          break;
        case 'header':
          headers[pick(headerParams).name.toLowerCase()] = pick([
            'k'.repeat(256),
            'k'.repeat(8000),
            ' ',
            Buffer.from('ключ').toString('latin1'), // UTF-8 bytes: what a header can carry
          ]);
          break;
      }

      let urlPath = op.path;
      for (const p of pathParams) {
        const value = p === brokenPath?.param ? brokenPath.value : pathValue(p);
        urlPath = urlPath.replace(`{${p.name}}`, value);
      }
      const sent: Sent = { method: op.method, url: `${urlPath}${query}`, headers, defect };
      if (raw !== undefined) {
        sent.body = raw;
        headers['content-type'] ??= 'application/json';
      } else if (body !== undefined && op.method !== 'GET') {
        sent.body = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
      return sent;
    };

    // Each operation gets its defects in turn, starting at a different one per operation.
    const plan: { op: Operation; defect: Defect }[] = [];
    for (let n = 0; n < REQUESTS; n++) {
      const index = n % ops.length;
      const op = ops[index]!;
      const defects = defectsFor(op);
      plan.push({ op, defect: defects[(Math.floor(n / ops.length) + index) % defects.length]! });
    }

    // The valid credentials the defects are made from do work.
    const probe = await sendRaw(suite.server.url, {
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${tokens.player}` },
    });
    expect(probe.status).toBe(200);
    const before = await moneySnapshot(suite.server.database.db);
    const statuses = new Map<number, number>();
    const byDefect = new Map<Defect, number>();
    const problems: string[] = [];
    let accepted = 0;
    let baseline: MoneySnapshot = before;

    for (let start = 0; start < plan.length; start += CONCURRENCY) {
      const batch = plan.slice(start, start + CONCURRENCY).map(({ op, defect }, i) => {
        const n = start + i;
        return { op, n, sent: build(op, defect, n) };
      });
      const answers = await Promise.all(
        batch.map(({ sent }) =>
          sendRaw(suite.server.url, sent).catch((error: unknown): RawAnswer => ({
            status: 0,
            contentType: '',
            text: String(error),
          })),
        ),
      );
      let acceptedHere = false;
      answers.forEach((res, i) => {
        const { op, n, sent } = batch[i]!;
        const label = `#${n} ${sent.method} ${sent.url.slice(0, 100)} (${sent.defect})`;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        byDefect.set(sent.defect, (byDefect.get(sent.defect) ?? 0) + 1);
        const wrong = shapeProblem(op, res);
        if (wrong) problems.push(`${label}: ${wrong}`);
        if (res.status >= 200 && res.status < 300) {
          // Accepted despite its defect (e.g. logout ignores a body): allowed only without money.
          accepted += 1;
          acceptedHere = true;
        }
      });
      if (acceptedHere) {
        const now = await moneySnapshot(suite.server.database.db);
        if (JSON.stringify(now) !== JSON.stringify(baseline)) {
          const sent = batch.map(
            ({ sent }) => `${sent.method} ${sent.url} ${sent.body?.slice(0, 200)}`,
          );
          problems.push(
            `moved money ${JSON.stringify(baseline)} -> ${JSON.stringify(now)}: ${sent.join(' | ')}`,
          );
          baseline = now;
        }
        await refreshTokens(); // logout may have revoked the token
      }
    }

    const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s}: ${c}`);
    console.log(
      `[${kind}] ${REQUESTS} malformed requests over ${ops.length} operations; ${summary.join(', ')}; ` +
        `${accepted} accepted without a money change; ${problems.length} problems; ` +
        `defects ${[...byDefect].map(([d, c]) => `${d} ${c}`).join(', ')}`,
    );
    expect(problems.slice(0, 40)).toEqual([]);
    // The defects reached every layer: token checks, JSON parsing, schemas and the handlers.
    for (const status of [400, 401, 404, 413, 422]) {
      expect(statuses.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(REQUESTS / 100);
    }
    for (const defect of ['nul', 'deep', 'megabyte', 'extreme_number', 'proto_key'] as const) {
      expect(byDefect.get(defect) ?? 0, defect).toBeGreaterThanOrEqual(REQUESTS / 50);
    }
    expect(await moneySnapshot(suite.server.database.db)).toEqual(before);
    expect(await unbalancedUsers(suite.server.database.db)).toEqual([]);
  }, 600_000);
});
