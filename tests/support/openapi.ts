/**
 * The server's OpenAPI document (/api/docs/json) read as a list of operations, and values made
 * from their JSON schemas, for suites that exercise every route without a hand-kept list.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maxItems?: number;
  nullable?: boolean;
  minItems?: number;
};
export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
export interface Operation {
  method: string;
  path: string;
  secured: boolean;
  admin: boolean;
  parameters: Parameter[];
  body?: JsonSchema;
  /** Media types the operation documents for its answers. */
  answers: Set<string>;
}

export function operations(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> })
        ?.content;
      const answers = new Set<string>();
      for (const response of Object.values((op.responses ?? {}) as Record<string, unknown>)) {
        const types = (response as { content?: Record<string, unknown> }).content;
        for (const type of Object.keys(types ?? {})) answers.add(type);
      }
      ops.push({
        method: method.toUpperCase(),
        path,
        secured: Array.isArray(op.security) && op.security.length > 0,
        admin: path.startsWith('/api/admin/'),
        parameters: (op.parameters ?? []) as Parameter[],
        body: content?.['application/json']?.schema,
        answers,
      });
    }
  }
  return ops;
}

export const typesOf = (s: JsonSchema): string[] => {
  // OpenAPI 3.0 writes `T | null` as `nullable: true`.
  if (s.nullable) return [...typesOf({ ...s, nullable: false }), 'null'];
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf)!.flatMap(typesOf);
  if (s.const !== undefined) return [typeof s.const];
  if (s.enum) return [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
};

/** A value the schema accepts (as far as a generator can know: patterns are not honoured). */
export function validValue(s: JsonSchema, n: number): unknown {
  const branch = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (branch) return validValue(branch, n);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (typesOf(s)[0]) {
    case 'string':
      if (s.format === 'email') return `fuzz${n}@example.test`;
      return 'f'.repeat(Math.min(Math.max(s.minLength ?? 1, 8), s.maxLength ?? 8));
    case 'integer':
    case 'number':
      return s.minimum !== undefined && s.minimum > 1 ? s.minimum : 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () =>
        validValue(s.items ?? {}, n),
      );
    case 'null':
      return null;
    default: {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = validValue(s.properties?.[key] ?? {}, n);
      return out;
    }
  }
}

export interface Field {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

/** Every field of a body schema, nested objects and first array items included. */
export function fieldsOf(s: JsonSchema, prefix: (string | number)[] = []): Field[] {
  const out: Field[] = [];
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    const path = [...prefix, key];
    out.push({ path, schema: child, required: (s.required ?? []).includes(key) });
    if (child.properties) out.push(...fieldsOf(child, path));
    if (child.items?.properties) out.push(...fieldsOf(child.items, [...path, 0]));
  }
  return out;
}

export function setAt(target: unknown, path: (string | number)[], value: unknown, remove = false) {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    node[key] ??= typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path.at(-1)!;
  if (remove) delete node[last];
  else node[last] = value;
}

/** Every operation of the running server's OpenAPI document. */
export async function fetchOperations(base: string): Promise<Operation[]> {
  const res = await fetch(`${base}/api/docs/json`);
  if (!res.ok) throw new Error(`GET /api/docs/json answered ${res.status}`);
  return operations(
    (await res.json()) as { paths: Record<string, Record<string, Record<string, unknown>>> },
  );
}
