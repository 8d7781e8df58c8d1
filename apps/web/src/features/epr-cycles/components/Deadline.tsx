import { ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';

/**
 * A cycle's deadline: the day, and either "Overdue" (with an icon and the
 * word, not only red) or the days left while reviews are open.
 */
export function Deadline({ deadline, overdue, open }: { deadline: string; overdue: boolean; open: number }) {
  const { t } = useTranslation();
  const left = dayjs(deadline).startOf('day').diff(dayjs().startOf('day'), 'day');
  return (
    <Flex vertical gap={2} align="flex-start">
      <bdi style={{ whiteSpace: 'nowrap' }}>{formatDate(deadline)}</bdi>
      {overdue ? (
        <Tag color="error" icon={<ExclamationCircleOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
          {t('eprCycles.deadline.overdue')}
        </Tag>
      ) : open > 0 && left >= 0 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          <ClockCircleOutlined aria-hidden /> {t('eprCycles.deadline.daysLeft', { days: left })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
