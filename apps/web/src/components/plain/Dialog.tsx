import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './plain.css';

/**
 * A dialog over the page: the system's own modal `<dialog>`, so the focus
 * stays inside it, Escape closes it and the page behind is inert. `drawer`
 * draws it as a panel along the end edge of the screen (the whole width on
 * a phone). Its content is made when it opens and dropped when it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  drawer = false,
  width,
  className,
  describedBy,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** The buttons at its foot (OK, Cancel). */
  footer?: ReactNode;
  drawer?: boolean;
  width?: number;
  className?: string;
  /** The id of the words that say what it is about (a question's text). */
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // Closed, the focus goes back where it was when the dialog opened (the button that opened it).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      className={`plain-dialog${drawer ? ' plain-dialog--drawer' : ''}${className ? ` ${className}` : ''}`}
      style={width ? { width } : undefined}
      onCancel={(event) => {
        // Escape: the page decides (a form with changes may ask first).
        event.preventDefault();
        onClose();
      }}
    >
      <div className="plain-dialog__head">
        <h2 id={titleId} className="plain-dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="plain-button plain-button--text plain-button--icon"
          aria-label={t('common.close')}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="plain-dialog__body">{children}</div>
      {footer ? <div className="plain-dialog__foot">{footer}</div> : null}
    </dialog>
  );
}
