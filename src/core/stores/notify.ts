import { atom } from 'nanostores';
import { MESSAGE_MS, TOAST_MS } from '../config.ts';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
}

export const $toasts = atom<Toast[]>([]);

let lastId = 0;

function showToast(type: ToastType, message: string, duration: number): number {
  const id = ++lastId;
  $toasts.set([...$toasts.get(), { id, type, message, duration }]);
  setTimeout(() => dismissToast(id), duration);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

export const toast = {
  success: (message: string, ms = MESSAGE_MS) => showToast('success', message, ms),
  info: (message: string, ms = MESSAGE_MS) => showToast('info', message, ms),
  warning: (message: string, ms = MESSAGE_MS) => showToast('warning', message, ms),
  error: (message: string, ms = TOAST_MS) => showToast('error', message, ms),
};

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  type?: 'info' | 'warning' | 'error';
}

export interface ConfirmRequest extends ConfirmOptions {
  id: number;
}

/** The dialog the UI's ConfirmHost shows now; null when none is open. */
export const $confirmRequest = atom<ConfirmRequest | null>(null);

interface Pending {
  request: ConfirmRequest;
  resolve: (ok: boolean) => void;
}

// One dialog at a time; later requests wait their turn instead of replacing an open question.
const queue: Pending[] = [];

export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    queue.push({ request: { ...options, id: ++lastId }, resolve });
    if (queue.length === 1) $confirmRequest.set(queue[0].request);
  });
}

/** Called by ConfirmHost with the user's answer. */
export function resolveConfirm(ok: boolean): void {
  const current = queue.shift();
  $confirmRequest.set(queue.length > 0 ? queue[0].request : null);
  current?.resolve(ok);
}

export function resetNotify(): void {
  while (queue.length > 0) resolveConfirm(false);
  $toasts.set([]);
}
