import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CalendarFeedScope } from '@hr/contracts/leave-policies';
import { Alert, Button, Flex, Input, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { ApiError } from '../../../lib/http';
import { confirmDialog, serverErrorText, toastError, toastSuccess } from '../../../lib/notify';
import { useCalendarFeeds, useRenewCalendarFeed } from '../api';

/** One feed: its address while it can be shown, with a copy button; and a way to a new one. */
function FeedSection({
  scope,
  url,
  created,
}: {
  scope: CalendarFeedScope;
  url: string | null;
  created: string | null;
}) {
  const { t } = useTranslation();
  const renew = useRenewCalendarFeed();
  const id = `calendar-feed-${scope}`;
  const heading = t(`calendarFeeds.${scope}`);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess(t('calendarFeeds.copied'));
    } catch {
      toastError(t('calendarFeeds.copyFailed'));
    }
  };

  const makeNew = async () => {
    const sure = await confirmDialog({
      title: t('calendarFeeds.renewTitle'),
      content: t('calendarFeeds.renewText'),
      okText: t('calendarFeeds.renew'),
      danger: true,
    });
    if (!sure) return;
    renew.mutate(scope, { onSuccess: () => toastSuccess(t('calendarFeeds.renewed')) });
  };

  return (
    <section className="calendar-feed" aria-labelledby={`${id}-title`}>
      <Typography.Title level={3} id={`${id}-title`} style={{ fontSize: 16, marginTop: 0 }}>
        {heading}
      </Typography.Title>
      {url ? (
        <>
          <label htmlFor={id}>{t('calendarFeeds.address')}</label>
          <Flex gap={8} style={{ marginTop: 4 }}>
            <Input id={id} readOnly value={url} dir="ltr" onFocus={(e) => e.target.select()} />
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              {t('calendarFeeds.copy')}
            </Button>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('calendarFeeds.onlyNow')}
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph style={{ margin: 0 }}>
          {created ? t('calendarFeeds.hidden', { date: formatDateTime(created) }) : t('calendarFeeds.none')}
        </Typography.Paragraph>
      )}
      <Button
        style={{ marginTop: 8 }}
        icon={<ReloadOutlined aria-hidden />}
        loading={renew.isPending}
        onClick={() => void makeNew()}
      >
        {t('calendarFeeds.renew')}
      </Button>
    </section>
  );
}

/**
 * The dialog of the calendar feeds (CalendarFeedsButton), drawn with Ant
 * Design: it loads with its frame the first time it opens. It asks for the
 * feeds while it is open (the first opening makes the caller's feed).
 */
export function CalendarFeedsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const feeds = useCalendarFeeds(true);
  const data = feeds.data;
  return (
    <Modal
      open={open}
      title={t('calendarFeeds.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
      width={640}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('calendarFeeds.intro')}</Typography.Paragraph>
        {feeds.isError ? (
          <Alert
            type="warning"
            showIcon
            title={feeds.error instanceof ApiError ? serverErrorText(feeds.error) : t('calendarFeeds.failed')}
          />
        ) : null}
        <Spin spinning={feeds.isLoading}>
          {data ? (
            <Flex vertical gap={20}>
              <FeedSection scope="own" url={data.url} created={data.created} />
              {data.team ? (
                <FeedSection scope="team" url={data.team_url} created={data.team_created} />
              ) : null}
            </Flex>
          ) : (
            <div style={{ minHeight: 80 }} />
          )}
        </Spin>
      </Flex>
    </Modal>
  );
}
