import { TOAST_SECONDS } from '@hr/contracts/limits';
import type { App } from 'antd';
import { ApiError } from './http';
import { i18n } from './i18n';
import { codeText } from './server-errors';

/**
 * Toasts and popups from anywhere (query callbacks, the http client), through
 * the Ant Design App context of the toast host (`AntdFrame` with `binds`),
 * which the root draws beside every page once one is needed. The shell and
 * the dashboard load none of Ant Design: a toast or popup asked for there
 * first asks for the host, and is shown as soon as it has come.
 */
type Bound = ReturnType<typeof App.useApp>;
let bound: Bound | null = null;
let waiting: ((app: Bound) => void)[] = [];
let askForHost: (() => void) | null = null;

export function bindNotifier(value: Bound | null) {
  bound = value;
  if (!value) return;
  const queued = waiting;
  waiting = [];
  for (const show of queued) show(value);
}

/** The root tells how to bring the toast host when something must be shown before it is there. */
export function onNotifierWanted(ask: () => void): () => void {
  askForHost = ask;
  if (waiting.length > 0) ask();
  return () => {
    if (askForHost === ask) askForHost = null;
  };
}

function withApp(show: (app: Bound) => void) {
  if (bound) return show(bound);
  waiting.push(show);
  askForHost?.();
}

export function toastSuccess(text: string) {
  withApp((app) => app.notification.success({ title: text, duration: TOAST_SECONDS, placement: 'bottom' }));
}

export function toastError(text: string) {
  withApp((app) => app.notification.error({ title: text, duration: TOAST_SECONDS, placement: 'bottom' }));
}

export function showLoginFailed(onOk: () => void) {
  withApp((app) =>
    app.modal.error({
      title: i18n.t('session.loginFailed'),
      content: i18n.t('session.tryAgain'),
      okText: i18n.t('common.ok'),
      onOk,
      afterClose: onOk,
    }),
  );
}

/** A yes/no question in a modal; resolves true when confirmed. */
export function confirmDialog(options: {
  title: string;
  content?: string;
  okText?: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    withApp((app) =>
      app.modal.confirm({
        title: options.title,
        content: options.content,
        okText: options.okText ?? i18n.t('common.ok'),
        cancelText: i18n.t('common.cancel'),
        okButtonProps: options.danger ? { danger: true } : {},
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
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
