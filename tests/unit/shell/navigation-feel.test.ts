import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTitle, HEAD_DEBOUNCE_MS, setDocumentTitle } from '../../../src/app/head';
import { loadScreen, type ReloadGuard } from '../../../src/app/loadScreen';
import {
  failProgress,
  finishProgress,
  progressState,
  startProgress,
} from '../../../src/app/progress';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('the progress bar', () => {
  it('runs for 3000 ms and auto-finishes once above 95%', () => {
    startProgress();
    expect(progressState).toMatchObject({ percent: 0, visible: true, failed: false });
    vi.advanceTimersByTime(1500);
    expect(progressState.percent).toBeCloseTo(50, 0);
    vi.advanceTimersByTime(1300); // 2800 ms: 93.3%
    expect(progressState.percent).toBeLessThan(95);
    vi.advanceTimersByTime(100); // 2900 ms: 96.7% -> finished
    expect(progressState.percent).toBe(100);
    vi.advanceTimersByTime(1000);
    expect(progressState.visible).toBe(false);
  });

  it('finishes at 100 and turns red on failure until the next start', () => {
    startProgress();
    vi.advanceTimersByTime(300);
    failProgress();
    expect(progressState).toMatchObject({ percent: 100, failed: true });
    startProgress();
    expect(progressState.failed).toBe(false);
    finishProgress();
    expect(progressState).toMatchObject({ percent: 100, failed: false });
  });
});

describe('the head', () => {
  it("titles pages '{page} · {app name}'", () => {
    expect(formatTitle('Wallet', 'Lucky')).toBe('Wallet · Lucky');
    expect(formatTitle(undefined, 'Lucky')).toBe('Lucky');
  });

  it('debounces title updates by 10 ms: only the last of a burst is written', () => {
    const written: string[] = [];
    setDocumentTitle('a', (t) => written.push(t));
    setDocumentTitle('b', (t) => written.push(t));
    vi.advanceTimersByTime(HEAD_DEBOUNCE_MS - 1);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(['b']);
  });
});

describe('screen chunk loading', () => {
  const memoryGuard = (): ReloadGuard & { items: Map<string, string> } => {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
      removeItem: (k) => void items.delete(k),
    };
  };

  it('reloads the page once per URL when a chunk fails, then raises', async () => {
    const guard = memoryGuard();
    let reloads = 0;
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    void loadScreen(failing, '/wallet', guard, () => reloads++);
    await vi.advanceTimersByTimeAsync(0);
    expect(reloads).toBe(1);
    await expect(loadScreen(failing, '/wallet', guard, () => reloads++)).rejects.toThrow(
      /dynamically/,
    );
    expect(reloads).toBe(1);
  });

  it('a successful load clears the guard for its URL', async () => {
    const guard = memoryGuard();
    guard.setItem('chunk-reload:/x', '1');
    expect(
      await loadScreen(
        () => Promise.resolve('module'),
        '/x',
        guard,
        () => {},
      ),
    ).toBe('module');
    expect(guard.items.size).toBe(0);
  });

  it('counts a chunk that has not arrived after 120 s as failed', async () => {
    const guard = memoryGuard();
    let reloads = 0;
    void loadScreen(
      () => new Promise(() => {}),
      '/slow',
      guard,
      () => reloads++,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(reloads).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reloads).toBe(1);
  });
});
