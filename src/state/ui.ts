import { proxy } from 'valtio';

export type DialogKind = 'info' | 'success' | 'warning' | 'error' | 'html';

export interface DialogSpec {
  kind: DialogKind;
  title: string;
  text?: string;
  /** Shown one per line (the first message of each field of a 422). */
  lines?: string[];
  /** A server's HTML error page, shown only inside a sandboxed iframe. */
  html?: string;
  /** Shows a cancel button beside OK. */
  cancellable?: boolean;
  /** Dialogs with the same tag are not stacked: a second one is dropped while one is open. */
  tag?: string;
  onConfirm?: () => void;
}

export interface OpenDialog extends DialogSpec {
  id: number;
}

export const uiState = proxy({
  dialogs: [] as OpenDialog[],
  /** Modal dialogs on screen (the game view pauses its scene while any is). */
  modalsOpen: 0,
});

/** A modal dialog is on screen until the returned function is called. */
export function modalShown(): () => void {
  uiState.modalsOpen += 1;
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    uiState.modalsOpen -= 1;
  };
}

let nextId = 1;

/** Queues a dialog; answers its id, or null when one with the same tag is already open. */
export function openDialog(spec: DialogSpec): number | null {
  if (spec.tag && uiState.dialogs.some((d) => d.tag === spec.tag)) return null;
  const id = nextId++;
  uiState.dialogs.push({ ...spec, id });
  return id;
}

/** Closes a dialog; `confirmed` runs its onConfirm. */
export function closeDialog(id: number, confirmed = false): void {
  const dialog = uiState.dialogs.find((d) => d.id === id);
  uiState.dialogs = uiState.dialogs.filter((d) => d.id !== id);
  if (confirmed) dialog?.onConfirm?.();
}
