import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
} from '@hr/contracts/notification-rules';
import type { NotificationItem } from '@hr/contracts/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListTable } from '../../../components/list/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { PlainCard } from '../../../components/PlainBlocks';
import { Button } from '../../../components/plain/Button';
import { Select } from '../../../components/plain/Select';
import { Switch } from '../../../components/plain/Switch';
import { Tabs } from '../../../components/plain/Tabs';
import { formatDateTime } from '../../../lib/dates';
import { toastSuccess } from '../../../lib/notify';
import { useMarkRead, useNotifications, usePreferences, useSavePreferences, useUnreadCount } from '../api';
import { ItemTitle } from '../components/ItemTitle';
import './notifications-page.css';

type Tab = 'all' | 'unread';

/**
 * /notifications: the reader's notifications, newest first (all, or the
 * unread ones: `?unread=true`), each leading to its item; marking read one
 * by one or all at once; and how the reader is told of each event.
 */
export function Component() {
  const { t } = useTranslation();
  // The filter lives in the address: a link opens it, a reload keeps it.
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('unread') === 'true' ? 'unread' : 'all';
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [sort, setSort] = useState('id,desc');
  const query = { page, limit, sort, ...(tab === 'unread' ? { unread: 'true' } : {}) };
  const list = useNotifications(query);
  const unread = useUnreadCount().data?.unread ?? list.data?.unread ?? 0;
  const markRead = useMarkRead();

  const markAll = async () => {
    const result = await markRead.mutateAsync({ all: true });
    toastSuccess(t('notifications.markedRead', { count: result.marked }));
  };

  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        subtitle={t('notifications.intro')}
        extra={
          <Button onClick={() => void markAll()} disabled={unread === 0} loading={markRead.isPending}>
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      <PlainCard title={null}>
        <Tabs<Tab>
          active={tab}
          onChange={(k) => {
            setParams(k === 'unread' ? { unread: 'true' } : {}, { replace: true });
            setPage(1);
          }}
          items={(['all', 'unread'] as const).map((k) => ({
            key: k,
            label:
              k === 'unread' ? (
                <>
                  <span>{t('notifications.filters.unread')}</span>
                  <span className={`plain-count${unread ? '' : ' plain-count--zero'}`}>{unread}</span>
                </>
              ) : (
                t('notifications.filters.all')
              ),
          }))}
        >
          <ListTable<NotificationItem>
            rowKey="id"
            label={t('notifications.title')}
            data={list.data?.items}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            page={page}
            limit={limit}
            sort={sort}
            onPage={setPage}
            onLimit={(l) => {
              setLimit(l);
              setPage(1);
            }}
            onSort={(s) => {
              setSort(s);
              setPage(1);
            }}
            columns={[
              {
                key: 'notification',
                title: t('notifications.columns.notification'),
                render: (_, n) => (
                  <span className="notification-cell">
                    <span className={n.read ? undefined : 'notification-cell__unread'}>{n.text}</span>
                    <Link
                      to={n.link}
                      onClick={() => {
                        if (!n.read) markRead.mutate({ ids: [n.id] });
                      }}
                    >
                      <ItemTitle title={n.title} />
                    </Link>
                  </span>
                ),
              },
              {
                key: 'when',
                title: t('notifications.columns.when'),
                sortField: 'id',
                render: (_, n) => formatDateTime(n.created_at),
              },
              {
                key: 'status',
                title: t('notifications.columns.status'),
                render: (_, n) =>
                  n.read ? (
                    <span className="plain-tag">{t('notifications.read')}</span>
                  ) : (
                    <Button
                      size="small"
                      onClick={() => markRead.mutate({ ids: [n.id] })}
                      aria-label={t('notifications.markReadOf', { title: n.title })}
                    >
                      {t('notifications.markRead')}
                    </Button>
                  ),
              },
            ]}
          />
        </Tabs>
      </PlainCard>
      <PreferencesCard />
    </>
  );
}

/** How the reader is told of each event, and the daily digest: each change is saved at once. */
function PreferencesCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const saved = () => toastSuccess(t('notifications.preferences.saved'));
  const channel = (event: NotificationEvent, value: NotificationChannel) =>
    save.mutate({ channels: { [event]: value } }, { onSuccess: saved });
  const channels = preferences.data?.channels;

  return (
    <PlainCard
      title={<span id={titleId}>{t('notifications.preferences.title')}</span>}
      loading={preferences.isPending}
    >
      <section aria-labelledby={titleId}>
        <p className="plain-secondary">{t('notifications.preferences.intro')}</p>
        <ul className="notification-preferences__list">
          {NOTIFICATION_EVENTS.map((event) => {
            const labelId = `${titleId}-${event}`;
            return (
              <li key={event} className="notification-preferences__row">
                <span id={labelId} className="notification-preferences__event">
                  {t(`notifications.events.${event}`)}
                </span>
                <Select<NotificationChannel>
                  className="notification-preferences__select"
                  aria-labelledby={labelId}
                  value={channels?.[event] ?? 'both'}
                  onChange={(value) => value && channel(event, value)}
                  options={NOTIFICATION_CHANNELS.map((c) => ({
                    value: c,
                    label: t(`notifications.preferences.channels.${c}`),
                  }))}
                />
              </li>
            );
          })}
        </ul>
        <div className="notification-preferences__digest">
          <Switch
            id={`${titleId}-digest`}
            checked={preferences.data?.daily_digest ?? false}
            busy={save.isPending && save.variables?.daily_digest !== undefined}
            onChange={(on) => save.mutate({ daily_digest: on }, { onSuccess: saved })}
            aria-describedby={`${titleId}-digest-help`}
          />
          <span className="notification-preferences__digest-text">
            <label htmlFor={`${titleId}-digest`}>{t('notifications.preferences.digest')}</label>
            <span className="plain-secondary" id={`${titleId}-digest-help`}>
              {t('notifications.preferences.digestHelp')}
            </span>
          </span>
        </div>
      </section>
    </PlainCard>
  );
}
