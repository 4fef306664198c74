/** Toasts (SPEC §9): one at a time, 4 s by default, at most 356 px wide. */
export type ToastKind = 'success' | 'error' | 'info';

export interface ToastMessage {
  kind: ToastKind;
  message: string;
  title?: string;
}

export const TOAST_DURATION_MS = 4_000;
export const TOAST_MAX_WIDTH_PX = 356;
