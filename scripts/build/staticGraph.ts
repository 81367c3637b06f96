// Chunk groups for what a page loads before it can run: every module a root imports statically,
// directly or not, in one chunk. Left to itself the build split the entry's graph into some 25
// chunks by which lazy screens share what; on a phone's HTTP/1.1 connection (six at a time) each
// is a request and a round trip before the first screen can run, and Lighthouse counts the wait.

/** What a chunk group's `name` function is given: the module graph as the bundler sees it. */
interface ChunkingContext {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/**
 * A group's `name`: `chunk` for the modules that `root` (a module id pattern) reaches through
 * static imports only, and for none of the others, nor the root. The walk goes up from a module to
 * its static importers; an answer once known is kept. `only`, when given, narrows the group to
 * the modules it matches.
 */
export function staticGraphOf(root: RegExp, chunk: string, only?: RegExp) {
  const inGraph = new Map<string, boolean>();
  const reaches = (id: string, ctx: ChunkingContext, seen: Set<string>): boolean => {
    const known = inGraph.get(id);
    if (known !== undefined) return known;
    if (root.test(id)) return true;
    if (seen.has(id)) return false;
    const top = seen.size === 0;
    seen.add(id);
    const found = (ctx.getModuleInfo(id)?.importers ?? []).some((importer) =>
      reaches(importer, ctx, seen),
    );
    // A "no" inside a walk may come from a cycle back to a module still being walked, which
    // another path may yet lead to the root: keep a "yes", and a "no" only at the top of a walk.
    if (found || top) inGraph.set(id, found);
    return found;
  };
  // The root stays in its own chunk (an entry's chunk is what the build's manifest names as such).
  return (id: string, ctx: ChunkingContext): string | null =>
    !root.test(id) && (!only || only.test(id)) && reaches(id, ctx, new Set()) ? chunk : null;
}
