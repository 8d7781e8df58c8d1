import { TOAST_SECONDS } from '@hr/contracts/limits';
import type { App } from 'antd';
import { ApiError } from './http';
import { i18n } from './i18n';
import { codeText } from './server-errors';

/**
 * Toasts and popups from anywhere (query callbacks, the http client), through
 * the Ant Design App context bound once by the shell.
 */
type Bound = ReturnType<typeof App.useApp>;
let bound: Bound | null = null;

export function bindNotifier(value: Bound) {
  bound = value;
}

/**
 * Menus opened from the header (user menu, language) show above toasts
 * (Ant Design's notifications are at 2050): on a small screen a toast must
 * never hide the Logout a user just asked for.
 */
export const ABOVE_TOASTS = { root: { zIndex: 2100 } } as const;

export function toastSuccess(text: string) {
  bound?.notification.success({ title: text, duration: TOAST_SECONDS, placement: 'bottom' });
}

export function toastError(text: string) {
  bound?.notification.error({ title: text, duration: TOAST_SECONDS, placement: 'bottom' });
}

export function showLoginFailed(onOk: () => void) {
  if (!bound) return onOk();
  bound.modal.error({
    title: i18n.t('session.loginFailed'),
    content: i18n.t('session.tryAgain'),
    okText: i18n.t('common.ok'),
    onOk,
    afterClose: onOk,
  });
}

/** A yes/no question in a modal; resolves true when confirmed. */
export function confirmDialog(options: {
  title: string;
  content?: string;
  okText?: string;
  danger?: boolean;
}): Promise<boolean> {
  if (!bound) return Promise.resolve(window.confirm(options.title));
  const modal = bound.modal;
  return new Promise((resolve) => {
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText ?? i18n.t('common.ok'),
      cancelText: i18n.t('common.cancel'),
      okButtonProps: options.danger ? { danger: true } : {},
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
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
