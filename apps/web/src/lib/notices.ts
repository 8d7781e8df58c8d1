/**
 * What lib/notify.ts has asked to show, for the plain hosts the root draws
 * (components/plain/Toasts.tsx and Confirms.tsx): the toasts on screen and
 * the questions waiting for an answer. Kept outside React, so a toast can be
 * asked for from anywhere (a query's callback, the http client) and is shown
 * as soon as the hosts draw.
 */

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export interface Question {
  id: number;
  /** confirm: OK and Cancel; error: a failure told, with OK alone. */
  kind: 'confirm' | 'error';
  title: string;
  content?: string;
  okText: string;
  cancelText: string;
  /** OK drawn as a destructive action (delete, remove). */
  danger: boolean;
}

/** At most this many toasts at once: the oldest goes when another comes. */
export const MAX_TOASTS = 5;

let toasts: readonly Toast[] = [];
let questions: readonly Question[] = [];
const answers = new Map<number, (ok: boolean) => void>();
const listeners = new Set<() => void>();
let lastId = 0;

function changed() {
  for (const listener of listeners) listener();
}

export function subscribeNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const currentToasts = (): readonly Toast[] => toasts;
export const currentQuestions = (): readonly Question[] => questions;

/**
 * Shows a toast. The same words already on screen are not drawn twice: that
 * toast is shown again, for its full time, as the newest.
 */
export function addToast(kind: ToastKind, text: string): number {
  lastId += 1;
  const others = toasts.filter((toast) => toast.kind !== kind || toast.text !== text);
  toasts = [...others, { id: lastId, kind, text }].slice(-MAX_TOASTS);
  changed();
  return lastId;
}

export function removeToast(id: number) {
  if (!toasts.some((toast) => toast.id === id)) return;
  toasts = toasts.filter((toast) => toast.id !== id);
  changed();
}

/** Asks a question; resolves true on OK, false on Cancel, Escape or the close button. */
export function ask(question: Omit<Question, 'id'>): Promise<boolean> {
  lastId += 1;
  const id = lastId;
  questions = [...questions, { ...question, id }];
  changed();
  return new Promise((resolve) => answers.set(id, resolve));
}

export function answer(id: number, ok: boolean) {
  const resolve = answers.get(id);
  if (!resolve) return;
  answers.delete(id);
  questions = questions.filter((question) => question.id !== id);
  changed();
  resolve(ok);
}

/** For unit tests: nothing shown, nothing asked. */
export function clearNotices() {
  for (const id of [...answers.keys()]) answer(id, false);
  toasts = [];
  changed();
}
