/** Spec section 8: a script chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export interface ReloadGuard {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const keyFor = (url: string) => `chunk-reload:${url}`;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Loads a screen chunk before navigating. A chunk that fails (a new deploy removed it, the
 * network dropped) reloads the page fully, once per URL per session: a second failure for the
 * same URL is raised instead, so a broken chunk cannot loop reloads.
 */
export async function loadScreen<T>(
  load: () => Promise<T>,
  url: string,
  guard: ReloadGuard,
  reload: () => void,
  timeoutMs = CHUNK_TIMEOUT_MS,
): Promise<T> {
  try {
    const module = await withTimeout(load(), timeoutMs);
    guard.removeItem(keyFor(url));
    return module;
  } catch (error) {
    if (guard.getItem(keyFor(url)) === null) {
      guard.setItem(keyFor(url), '1');
      reload();
      return new Promise<T>(() => {});
    }
    throw error;
  }
}
