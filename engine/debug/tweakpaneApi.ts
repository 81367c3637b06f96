// tweakpane 4 ships its API types in @tweakpane/core, which is not installed (it is only needed for
// types). These are the few calls the overlay makes, checked against tweakpane's documented API.
import { Pane } from 'tweakpane';

export interface ChangeEvent<T> {
  value: T;
}

export interface BindingApi<T> {
  /** The binding's row in the pane (its label, slider and text field). */
  readonly element: HTMLElement;
  on(event: 'change', handler: (event: ChangeEvent<T>) => void): BindingApi<T>;
}

export interface ButtonApi {
  on(event: 'click', handler: () => void): ButtonApi;
}

export interface BindingParams {
  label?: string;
  min?: number;
  max?: number;
  step?: number;
  readonly?: boolean;
  interval?: number;
  view?: 'graph';
  bufferSize?: number;
  format?: (value: number) => string;
}

export interface FolderLike {
  addFolder(params: { title: string; expanded?: boolean }): FolderLike;
  addBinding<O extends object, K extends keyof O & string>(
    object: O,
    key: K,
    params?: BindingParams,
  ): BindingApi<O[K]>;
  addButton(params: { title: string }): ButtonApi;
  refresh(): void;
  dispose(): void;
}

export function createPane(container: HTMLElement, title: string): FolderLike {
  return new Pane({ container, title }) as unknown as FolderLike;
}
