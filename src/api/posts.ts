// The posts of GET /api/post/get as the explore page shows them. The answer is read defensively
// (the spec leaves its fields open): a row without a title or a date is left out.
import type { Json } from './endpoints';

export interface PostAuthor {
  id: number;
  name: string;
  image_id: string | null;
}

export interface Post {
  id: number;
  title: string;
  body: string;
  author: PostAuthor | null;
  created_at: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function authorOf(value: unknown): PostAuthor | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string') {
    return null;
  }
  return {
    id: value.id,
    name: value.name,
    image_id: typeof value.image_id === 'string' ? value.image_id : null,
  };
}

/** The posts of an answer (a list, or `{data: [...]}`), newest first as the server sent them. */
export function postsOf(answer: Json): Post[] {
  const rows = Array.isArray(answer) ? answer : isRecord(answer) ? answer.data : null;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) =>
    isRecord(row) &&
    typeof row.id === 'number' &&
    typeof row.title === 'string' &&
    typeof row.created_at === 'string'
      ? [
          {
            id: row.id,
            title: row.title,
            body: typeof row.body === 'string' ? row.body : '',
            author: authorOf(row.author),
            created_at: row.created_at,
          },
        ]
      : [],
  );
}
