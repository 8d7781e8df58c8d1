import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import { ROUTES } from '@hr/contracts/routes';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainIcon } from '../../../components/PlainIcon';
import { formatDateTime } from '../../../lib/dates';
import { usePressOutside } from '../../../lib/press-outside';
import { useMarkRead, useNotifications, useUnreadCount } from '../api';
import { useLiveUnread } from '../live';
import { ItemTitle } from './ItemTitle';
import './notifications.css';

/** The latest notifications the bell's panel shows. */
const LATEST = { page: 1, limit: 10 };
const SHOWN = 5;

/**
 * The header's bell, drawn without Ant Design as the shell is: the unread
 * count, live from the server (a badge, and in the button's name), and a
 * panel of the latest notifications with "Mark all read" and "See all".
 * The panel is a non-modal dialog: it opens on the button, takes the focus,
 * and Escape, a press outside or following a link closes it.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  useLiveUnread(true);
  const count = useUnreadCount().data?.unread ?? 0;
  const latest = useNotifications(LATEST, open);
  const markRead = useMarkRead();

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  usePressOutside(open, [root], () => setOpen(false));
  // Opened, the panel takes the focus (its heading), so its links come next.
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  const onPanelKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  const items = (latest.data?.items ?? []).slice(0, SHOWN);
  const label = t('notifications.bell.label', { count });

  return (
    <div className="notification-bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="plain-button plain-button--icon notification-bell__button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <PlainIcon icon={BellOutlined} />
        {count > 0 ? (
          <span className="notification-bell__badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panel}
          id={id}
          role="dialog"
          aria-labelledby={`${id}-title`}
          className="notification-bell__panel"
          tabIndex={-1}
          onKeyDown={onPanelKey}
        >
          <div className="notification-bell__head">
            <span id={`${id}-title`} className="notification-bell__title">
              {t('notifications.title')}
            </span>
            <button
              type="button"
              className="plain-link-button"
              disabled={count === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {t('notifications.markAllRead')}
            </button>
          </div>
          {latest.isPending ? (
            <p className="notification-bell__empty">{t('notifications.bell.loading')}</p>
          ) : items.length === 0 ? (
            <p className="notification-bell__empty">{t('notifications.empty')}</p>
          ) : (
            <ul className="notification-bell__list">
              {items.map((n) => (
                <li key={n.id} className={n.read ? undefined : 'notification-bell__item--unread'}>
                  <Link
                    to={n.link}
                    className="notification-bell__item"
                    onClick={() => {
                      if (!n.read) markRead.mutate({ ids: [n.id] });
                      close(false);
                    }}
                  >
                    <span className="notification-bell__text">
                      {n.read ? null : (
                        <span className="visually-hidden">{t('notifications.unreadMark')} </span>
                      )}
                      {n.text}
                    </span>
                    <span className="notification-bell__meta">
                      <ItemTitle title={n.title} /> · {formatDateTime(n.created_at)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="notification-bell__foot">
            <Link to={ROUTES.notifications} className="plain-link" onClick={() => close(false)}>
              {t('notifications.seeAll')}
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
