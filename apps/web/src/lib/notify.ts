import type * as Sonner from 'sonner';

/**
 * Toasts without putting sonner in the first load: the library (and the Toaster) load on
 * the first notification. Sonner replays toasts created before its Toaster subscribes, so
 * nothing is lost. Use `notify` instead of importing sonner's `toast` in features.
 */
let sonner: Promise<typeof Sonner> | undefined;
const listeners = new Set<() => void>();

export function loadSonner(): Promise<typeof Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** Whether a notification was requested (the Toaster then mounts). */
export function isToasterRequested(): boolean {
  return sonner !== undefined;
}

export function subscribeToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'message';
type ToastOptions = Sonner.ExternalToast;

function show(kind: ToastKind, message: string, options?: ToastOptions): void {
  loadSonner()
    .then(({ toast }) => {
      toast[kind](message, options);
    })
    .catch((error: unknown) => {
      console.error('Could not load the notifications', error, message);
    });
}

export const notify = {
  success: (message: string, options?: ToastOptions) => {
    show('success', message, options);
  },
  error: (message: string, options?: ToastOptions) => {
    show('error', message, options);
  },
  info: (message: string, options?: ToastOptions) => {
    show('info', message, options);
  },
  warning: (message: string, options?: ToastOptions) => {
    show('warning', message, options);
  },
  message: (message: string, options?: ToastOptions) => {
    show('message', message, options);
  },
};
