import { ApiError } from './http';
import { i18n } from './i18n';
import { addToast, ask } from './notices';
import { codeText } from './server-errors';

/**
 * Toasts and popups from anywhere (query callbacks, the http client), drawn
 * by the portal's own hosts beside every page (components/plain/Toasts.tsx
 * and Confirms.tsx, see RootEffects in guards.tsx): no page loads Ant Design
 * to say "Saved" or to ask "Delete?". A toast goes after TOAST_SECONDS
 * (@hr/contracts/limits) and is drawn above an open dialog.
 */

export function toastSuccess(text: string) {
  addToast('success', text);
}

export function toastError(text: string) {
  addToast('error', text);
}

export function toastInfo(text: string) {
  addToast('info', text);
}

export function toastWarning(text: string) {
  addToast('warning', text);
}

/** 'Login Failed / Try again', then `onOk` however it is closed. */
export function showLoginFailed(onOk: () => void) {
  void ask({
    kind: 'error',
    title: i18n.t('session.loginFailed'),
    content: i18n.t('session.tryAgain'),
    okText: i18n.t('common.ok'),
    cancelText: i18n.t('common.cancel'),
    danger: false,
  }).then(() => onOk());
}

/** A yes/no question in a modal; resolves true when confirmed. */
export function confirmDialog(options: {
  title: string;
  content?: string;
  okText?: string;
  danger?: boolean;
}): Promise<boolean> {
  return ask({
    kind: 'confirm',
    title: options.title,
    content: options.content,
    okText: options.okText ?? i18n.t('common.ok'),
    cancelText: i18n.t('common.cancel'),
    danger: options.danger ?? false,
  });
}

/** The one place where a failed call becomes a toast (SPEC.md §8). A 401 is handled by the session. */
export function reportError(error: unknown) {
  if (error instanceof ApiError) {
    if (error.status === 401) return;
    toastError(serverErrorText(error));
    return;
  }
  if (error instanceof Error && error.name === 'AbortError') return;
  toastError(i18n.t('errors.unexpected'));
}

/**
 * The text to show for a failed call. The server writes English, which is
 * shown as it is in English. In another language a known code is shown by
 * its translation (`serverErrors.<code>`, parameters translated too, see
 * server-errors.ts), a default status text of SPEC.md §8 translated, and
 * anything else as the server wrote it.
 */
export function serverErrorText(error: ApiError): string {
  if (i18n.language === 'en') return error.message;
  const translated = codeText(error.body);
  if (translated !== null) return translated;
  const statusKey = `errors.status.${error.status}`;
  if (i18n.exists(statusKey) && i18n.t(statusKey as 'errors.status.400', { lng: 'en' }) === error.message) {
    return i18n.t(statusKey as 'errors.status.400');
  }
  return error.message;
}
