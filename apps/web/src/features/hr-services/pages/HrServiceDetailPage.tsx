import {
  ArrowLeftOutlined,
  CheckOutlined,
  CloseOutlined,
  DownloadOutlined,
  FileDoneOutlined,
} from '@ant-design/icons';
import type { ServiceRequestDetail } from '@hr/contracts/hr-services';
import { NOTICES } from '@hr/contracts/messages';
import { SERVICE_STATUS, type ServiceAction } from '@hr/contracts/workflow';
import {
  Avatar,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Result,
  Skeleton,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DecisionNote, StatusTag } from '../../../components/list/StatusTag';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { ApiError } from '../../../lib/http';
import { reportError, toastSuccess } from '../../../lib/notify';
import { downloadLetter, useServiceAction, useServiceRequest } from '../api';
import { detailActions } from '../components/service-actions';
import '../hr-services.css';
import { initials } from '../../../components/employee-search/EmployeeAvatar';

/** A link to the list, drawn as a button; it navigates inside the app. */
function BackLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      href="/hr-services"
      icon={<ArrowLeftOutlined aria-hidden className="hr-service__back-icon" />}
      onClick={(event) => {
        event.preventDefault();
        navigate('/hr-services');
      }}
    >
      {t('hrServices.detail.back')}
    </Button>
  );
}

/** A request that cannot be shown: unknown (404), not the viewer's to see (403), or a failed call. */
function Problem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  // No error at all means the address itself names no request.
  const status = error === null ? 404 : error instanceof ApiError ? error.status : null;
  const result =
    status === 403
      ? { status: '403' as const, title: '403', subTitle: t('hrServices.detail.forbidden') }
      : status === 404
        ? { status: '404' as const, title: '404', subTitle: t('hrServices.detail.notFound') }
        : { status: 'error' as const, title: t('errors.unexpected') };
  return (
    <Card>
      <Result {...result} extra={<BackLink />} />
    </Card>
  );
}

/** The positive id of the route, or null when it cannot be one. */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /hr-services/{id}: one request with who did what, its decisions and its letter (SPEC.md §2 HR service detail). */
export function Component() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const request = useServiceRequest(id);
  const problem = id === null || (request.isError && !request.data);

  return (
    <>
      <PageHeader title={t('hrServices.detailTitle')} extra={problem ? undefined : <BackLink />} />
      {problem ? (
        <Problem error={request.error} />
      ) : !request.data ? (
        <Card>
          <Skeleton avatar active paragraph={{ rows: 4 }} />
        </Card>
      ) : (
        <Detail request={request.data} />
      )}
    </>
  );
}

function Detail({ request }: { request: ServiceRequestDetail }) {
  const { t } = useTranslation();
  const action = useServiceAction();
  const [downloading, setDownloading] = useState(false);
  const allowed = detailActions(request);
  // The server sends the letter only to those who may download it.
  const mayDownload = request.letter !== null;
  const { employee, accountability } = request;
  const status = request.status.id;

  const act = (a: ServiceAction) =>
    action.mutate(
      { action: a, id: request.id },
      { onSuccess: () => toastSuccess(t('notices.statusUpdated', { defaultValue: NOTICES.statusUpdated })) },
    );
  const pending = (a: ServiceAction) => action.isPending && action.variables?.action === a;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadLetter(request);
    } catch (error) {
      reportError(error);
    } finally {
      setDownloading(false);
    }
  };

  const items: NonNullable<DescriptionsProps['items']> = [];
  const add = (key: string, label: string, children: ReactNode) => items.push({ key, label, children });
  add('requested_at', t('hrServices.detail.requestedAt'), formatDateTime(request.created));
  add('request_for', t('hrServices.detail.requestFor'), request.category_name);
  if (request.type) add('noc_type', t('hrServices.detail.nocType'), request.type.name);
  if (request.reason) add('reason', t('hrServices.detail.reason'), request.reason);
  if (request.from_date && request.to_date)
    add(
      'date_range',
      t('hrServices.detail.dateRange'),
      t('hrServices.detail.range', { from: formatDate(request.from_date), to: formatDate(request.to_date) }),
    );
  add('issue_date', t('hrServices.detail.issueDate'), formatDate(request.issue_date));
  if (request.passport_no) add('passport_no', t('hrServices.detail.passportNo'), request.passport_no);
  if (request.intended_country) add('country', t('hrServices.detail.country'), request.intended_country);
  if ((status === SERVICE_STATUS.approved || status === SERVICE_STATUS.done) && accountability.approved_by)
    add('approved_by', t('hrServices.detail.approvedBy'), accountability.approved_by);
  if (status === SERVICE_STATUS.cancelled && accountability.cancelled_by)
    add('rejected_by', t('hrServices.detail.rejectedBy'), accountability.cancelled_by);
  if (status === SERVICE_STATUS.done && accountability.done_by)
    add('done_by', t('hrServices.detail.doneBy'), accountability.done_by);

  const buttons: ReactNode[] = [];
  if (allowed.includes('approve'))
    buttons.push(
      <Button
        key="approve"
        type="primary"
        icon={<CheckOutlined aria-hidden />}
        loading={pending('approve')}
        disabled={action.isPending}
        onClick={() => act('approve')}
      >
        {t('common.approve')}
      </Button>,
    );
  if (allowed.includes('cancel'))
    buttons.push(
      <Button
        key="reject"
        danger
        icon={<CloseOutlined aria-hidden />}
        loading={pending('cancel')}
        disabled={action.isPending}
        onClick={() => act('cancel')}
      >
        {t('common.reject')}
      </Button>,
    );
  if (allowed.includes('done'))
    buttons.push(
      <Button
        key="done"
        type="primary"
        icon={<FileDoneOutlined aria-hidden />}
        loading={pending('done')}
        disabled={action.isPending}
        onClick={() => act('done')}
      >
        {t('hrServices.detail.done')}
      </Button>,
    );
  if (mayDownload)
    buttons.push(
      <Button
        key="download"
        icon={<DownloadOutlined aria-hidden />}
        loading={downloading}
        onClick={() => void download()}
      >
        {t('hrServices.detail.download')}
      </Button>,
    );

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex className="hr-service__head" gap={16} wrap justify="space-between" align="flex-start">
          <Flex gap={16} align="center" className="hr-service__person">
            <Avatar
              size={{ xs: 64, sm: 72, md: 80, lg: 88, xl: 88, xxl: 88 }}
              src={employee.photo?.big}
              alt={employee.name}
              style={{ backgroundColor: '#0f766e', flex: 'none' }}
            >
              {initials(employee.name)}
            </Avatar>
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {employee.name}
              </Typography.Title>
              {employee.designation ? (
                <Typography.Text type="secondary">{employee.designation}</Typography.Text>
              ) : null}
              <Typography.Text>
                <Typography.Text type="secondary">{t('hrServices.detail.eid')}: </Typography.Text>
                <bdi>{employee.eid}</bdi>
              </Typography.Text>
              {employee.company ? (
                <Typography.Text>
                  <bdi>{employee.company}</bdi>
                </Typography.Text>
              ) : null}
            </Flex>
          </Flex>
          <Flex vertical gap={12} align="flex-end" className="hr-service__side">
            <StatusTag kind="hr_service" status={request.status} />
            <DecisionNote decision={request.decision} comment />
            {buttons.length > 0 ? (
              <Flex gap={8} wrap justify="flex-end" className="hr-service__buttons">
                {buttons}
              </Flex>
            ) : null}
          </Flex>
        </Flex>
        <Descriptions
          className="hr-service__facts"
          size="small"
          column={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 3 }}
          items={items}
        />
      </Card>
      <Card title={t('hrServices.detail.description')} size="small">
        <Typography.Paragraph
          className="hr-service__description"
          style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
        >
          {request.description}
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
