import { describe, expect, it } from 'vitest';
import { prefetchFirstScreen } from '../../../src/app/prefetch';
import type { RouteDef, ScreenModule } from '../../../src/app/routes';

/** A route whose screen chunk and messages count how often they were asked for. */
function counted(name: string, firstPartOnly?: boolean) {
  const asked = { screen: 0, messages: 0 };
  const def: RouteDef = {
    name,
    path: `/${name}`,
    titleKey: 'nav.casino',
    firstPartOnly,
    load: () => {
      asked.screen += 1;
      return Promise.resolve({} as ScreenModule);
    },
  };
  const loadMessages = () => {
    asked.messages += 1;
    return Promise.resolve();
  };
  return { def, loadMessages, asked };
}

describe('prefetchFirstScreen', () => {
  it("asks for the first screen's chunk once, and for the rest of its messages", () => {
    const { def, loadMessages, asked } = counted('probe-game');
    prefetchFirstScreen(def, loadMessages);
    prefetchFirstScreen(def, loadMessages);
    expect(asked.screen).toBe(1);
    expect(asked.messages).toBe(2); // loadAllMessages itself loads each part once
  });

  it('leaves the rest of the messages alone for a screen that shows only their first part', () => {
    const { def, loadMessages, asked } = counted('probe-lobby', true);
    prefetchFirstScreen(def, loadMessages);
    expect(asked).toEqual({ screen: 1, messages: 0 });
  });

  it('survives a chunk or messages that fail to load (the navigation reports it)', async () => {
    const { def } = counted('probe-failing');
    const failing: RouteDef = { ...def, load: () => Promise.reject(new Error('offline')) };
    prefetchFirstScreen(failing, () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The failed chunk is asked for again by the next prefetch.
    const again = counted('probe-failing');
    prefetchFirstScreen(again.def, again.loadMessages);
    expect(again.asked.screen).toBe(1);
  });
});
