import { DesktopOutlined, LogoutOutlined } from '@ant-design/icons';
import type { AccountSession } from '@hr/contracts/account';
import { Alert, Button, Card, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { ApiError } from '../../../lib/http';
import { confirmDialog, serverErrorText, toastSuccess } from '../../../lib/notify';
import { useAccountSessions, useEndSessions } from '../api';

/** One session: its device, address, when it was last used and opened, and how. */
function SessionItem({ item }: { item: AccountSession }) {
  const { t } = useTranslation();
  const end = useEndSessions();
  const device = item.device ?? t('account.sessions.unknownDevice');

  const endIt = async () => {
    const sure = await confirmDialog({
      title: t('account.sessions.endTitle', { device }),
      content: t('account.sessions.endText'),
      okText: t('account.sessions.end'),
      danger: true,
    });
    if (!sure) return;
    end.mutate({ session_id: item.id }, { onSuccess: () => toastSuccess(t('account.sessions.ended')) });
  };

  return (
    <List.Item
      actions={
        item.current
          ? []
          : [
              <Button
                key="end"
                type="link"
                danger
                icon={<LogoutOutlined aria-hidden />}
                loading={end.isPending}
                aria-label={t('account.sessions.endLabel', { device, date: formatDateTime(item.last_seen) })}
                onClick={() => void endIt()}
              >
                {t('account.sessions.end')}
              </Button>,
            ]
      }
    >
      <List.Item.Meta
        avatar={<DesktopOutlined aria-hidden style={{ fontSize: 20, marginTop: 4 }} />}
        title={
          <Flex gap={8} align="center" wrap>
            <span>{device}</span>
            {item.current ? <Tag color="blue">{t('account.sessions.current')}</Tag> : null}
            {item.method ? <Tag>{t(`account.sessions.methods.${item.method}`)}</Tag> : null}
          </Flex>
        }
        description={
          <Flex gap={4} vertical>
            {item.impersonated_by ? (
              <span>
                {t('account.sessions.impersonatedBy', {
                  name: item.impersonated_by.name,
                  eid: item.impersonated_by.eid,
                })}
              </span>
            ) : null}
            <span>{t('account.sessions.address', { address: item.address ?? '—' })}</span>
            <span>{t('account.sessions.lastSeen', { date: formatDateTime(item.last_seen) })}</span>
            <span>{t('account.sessions.signedIn', { date: formatDateTime(item.created_at) })}</span>
          </Flex>
        }
      />
    </List.Item>
  );
}

/**
 * The Security page's sessions: everywhere the reader is signed in, each
 * ended on its own, or all but this one at once (docs/decisions.md,
 * "Second step at sign-in, and sessions").
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useAccountSessions();
  const endAll = useEndSessions();
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;

  const endOthers = async () => {
    const sure = await confirmDialog({
      title: t('account.sessions.endAllTitle'),
      content: t('account.sessions.endAllText', { count: others }),
      okText: t('account.sessions.endAll'),
      danger: true,
    });
    if (!sure) return;
    endAll.mutate(
      { all: true },
      { onSuccess: (r) => toastSuccess(t('account.sessions.endedCount', { count: r.ended })) },
    );
  };

  return (
    <Card
      className="security-section"
      title={
        <Typography.Title level={2} id="sessions-title" style={{ fontSize: 18, margin: 0 }}>
          {t('account.sessions.title')}
        </Typography.Title>
      }
      extra={
        others > 0 ? (
          <Button danger loading={endAll.isPending} onClick={() => void endOthers()}>
            {t('account.sessions.endAll')}
          </Button>
        ) : null
      }
      role="region"
      aria-labelledby="sessions-title"
    >
      <Typography.Paragraph type="secondary">{t('account.sessions.intro')}</Typography.Paragraph>
      {sessions.isError ? (
        <Alert
          type="warning"
          showIcon
          title={sessions.error instanceof ApiError ? serverErrorText(sessions.error) : t('account.failed')}
        />
      ) : (
        <List
          loading={sessions.isLoading}
          dataSource={items}
          rowKey="id"
          renderItem={(item) => <SessionItem item={item} />}
        />
      )}
    </Card>
  );
}
