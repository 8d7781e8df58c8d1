import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { TOAST_SECONDS } from '@hr/contracts/limits';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { currentToasts, removeToast, subscribeNotices, type Toast } from '../../lib/notices';
import { PlainIcon } from '../PlainIcon';
import './notices.css';

const ICONS = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

/**
 * The toasts of lib/notify.ts, at the bottom centre of the screen, drawn by
 * the root beside every page. They sit in the top layer (a manual popover),
 * so an open modal dialog never covers them; while one is open they are drawn
 * inside it, as the page behind a modal dialog is inert (neither read out nor
 * clickable), and shown again above it.
 */
export function Toasts() {
  const toasts = useSyncExternalStore(subscribeNotices, currentToasts, currentToasts);
  if (toasts.length === 0) return null;
  return <ToastLayer toasts={toasts} />;
}

function ToastLayer({ toasts }: { toasts: readonly Toast[] }) {
  const top = useTopDialog();
  // Another container (a dialog opened or closed) draws the layer anew, shown again on top.
  return createPortal(<ShownLayer toasts={toasts} />, top ?? document.body);
}

function ShownLayer({ toasts }: { toasts: readonly Toast[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const layer = ref.current;
    if (!layer || typeof layer.showPopover !== 'function') return;
    try {
      layer.showPopover();
    } catch {
      // Not a popover in this browser: drawn fixed above the page (notices.css).
    }
  }, []);
  return (
    <div ref={ref} popover="manual" className="plain-toasts">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

/**
 * One toast: its icon (the words say it too: colour is never the only
 * signal), its words in a live region (an error as an alert, the rest as a
 * status) and a button to dismiss it. The words are written into the region
 * just after it is there, so screen readers announce them. It goes after
 * TOAST_SECONDS, counted again from the start once the pointer or the focus
 * has left it.
 */
function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  // Drawn again elsewhere (a dialog opened), a toast already said keeps its words.
  const [said, setSaid] = useState(() => saidToasts.has(toast.id));
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (said) return;
    const timer = window.setTimeout(() => {
      saidToasts.add(toast.id);
      setSaid(true);
    }, 50);
    return () => window.clearTimeout(timer);
  }, [said, toast.id]);

  useEffect(() => {
    if (!said || held) return;
    const timer = window.setTimeout(() => removeToast(toast.id), TOAST_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [said, held, toast.id]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only holds the toast while pointed at or focused, not a control
    <div
      className={`plain-toast plain-toast--${toast.kind}`}
      data-said={said || undefined}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <span className="plain-toast__icon">
        <PlainIcon icon={ICONS[toast.kind]} />
      </span>
      <div className="plain-toast__text" role={toast.kind === 'error' ? 'alert' : 'status'}>
        {said ? toast.text : ''}
      </div>
      <button
        type="button"
        className="plain-button plain-button--text plain-button--icon plain-toast__close"
        aria-label={t('common.dismissMessage')}
        onClick={() => removeToast(toast.id)}
      >
        <PlainIcon icon={CloseOutlined} />
      </button>
    </div>
  );
}

/** The toasts whose words are written (a set that only grows, by a few numbers a session). */
const saidToasts = new Set<number>();

/** The dialogs shown modal, in the order they opened: the last is on top. */
let opened: HTMLDialogElement[] = [];

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return true;
  }
}

function topDialog(): HTMLDialogElement | null {
  const open = Array.from(document.querySelectorAll('dialog')).filter((d) => d.open && isModal(d));
  opened = opened.filter((d) => open.includes(d));
  for (const dialog of open) if (!opened.includes(dialog)) opened.push(dialog);
  return opened.at(-1) ?? null;
}

/** The modal dialog on top, followed while toasts are shown. */
function useTopDialog(): HTMLDialogElement | null {
  const [top, setTop] = useState(topDialog);
  useEffect(() => {
    const observer = new MutationObserver(() => setTop(topDialog()));
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['open'],
    });
    setTop(topDialog());
    return () => observer.disconnect();
  }, []);
  return top;
}
