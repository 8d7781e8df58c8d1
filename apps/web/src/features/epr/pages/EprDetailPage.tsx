import { ArrowLeftOutlined } from '@ant-design/icons';
import type { EprDetail } from '@hr/contracts/epr';
import { NOTICES } from '@hr/contracts/messages';
import { EPR_STATUS, type ReviewAction, transitionsOf } from '@hr/contracts/workflow';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PersonCell } from '../../../components/list/PersonCell';
import { DecisionNote, StatusTag } from '../../../components/list/StatusTag';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate } from '../../../lib/dates';
import { ApiError } from '../../../lib/http';
import { confirmDialog, toastSuccess } from '../../../lib/notify';
import { typeName } from '../../../lib/server-errors';
import { useUnsavedChangesGuard } from '../../../lib/unsaved';
import { useEpr, useEprAction } from '../api';
import { EprPdfButton } from '../components/EprPdfButton';
import { type Drafts, SectionA } from '../components/SectionA';
import { SectionB, SectionC, SectionD } from '../components/SectionsBCD';
import '../epr.css';

type TabKey = 'a' | 'b' | 'c' | 'd';

/**
 * The tabs in their order. Once the review is with the O&O or beyond and the
 * reader is not its employee, the summary (Section C) comes first (SPEC.md §2
 * "the layout is reversed").
 */
export function tabOrder(review: Pick<EprDetail, 'status' | 'viewer'>): TabKey[] {
  const reversed = review.status.id >= EPR_STATUS.awaitingOneOverOne && review.viewer !== 'employee';
  return reversed ? ['c', 'd', 'b', 'a'] : ['a', 'b', 'c', 'd'];
}

/** /epr/{id}: the review with its four sections (SPEC.md §2 EPR detail). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().eprId);
  const review = useEpr(id);
  const action = useEprAction();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [bDirty, setBDirty] = useState(false);
  const [tab, setTab] = useState<TabKey | null>(null);
  const aDirty = Object.keys(drafts).length > 0;
  useUnsavedChangesGuard(aDirty || bDirty);

  if (review.isPending) return <Skeleton active />;
  if (review.isError || !review.data) {
    const status = review.error instanceof ApiError ? review.error.status : 500;
    return <Result status={status === 403 ? '403' : '404'} title={t('epr.detail.notFound')} />;
  }
  const r = review.data;
  const order = tabOrder(r);

  const act = async (a: ReviewAction) => {
    // Typed actual values and chosen ratings that are not saved would be lost: the user saves them first (SPEC.md §4).
    if (aDirty) {
      await confirmDialog({ title: t('epr.detail.saveFirst'), content: t('epr.detail.saveFirstText') });
      setTab('a');
      return;
    }
    if (bDirty) {
      await confirmDialog({ title: t('epr.b.saveFirst'), content: t('epr.b.saveFirstText') });
      setTab('b');
      return;
    }
    const confirm =
      a === 'submit'
        ? { title: t('epr.confirm.submit'), content: t('epr.confirm.submitText') }
        : { title: t(`epr.confirm.${a}`) };
    if (!(await confirmDialog({ ...confirm, okText: t(`epr.actions.${a}`) }))) return;
    action.mutate(
      { action: a, id: r.id },
      { onSuccess: () => toastSuccess(t('notices.statusUpdated', { defaultValue: NOTICES.statusUpdated })) },
    );
  };

  const sections: Record<TabKey, { label: string; children: React.ReactNode }> = {
    a: { label: t('epr.tabs.a'), children: <SectionA review={r} drafts={drafts} setDrafts={setDrafts} /> },
    b: { label: t('epr.tabs.b'), children: <SectionB review={r} onDirtyChange={setBDirty} /> },
    c: { label: t('epr.tabs.c'), children: <SectionC review={r} /> },
    d: { label: t('epr.tabs.d'), children: <SectionD review={r} /> },
  };

  return (
    <>
      <PageHeader
        title={r.name}
        extra={
          <Space wrap>
            <Button
              icon={<ArrowLeftOutlined aria-hidden className="epr-back-icon" />}
              onClick={() => navigate('/epr')}
            >
              {t('epr.detail.back')}
            </Button>
            {transitionsOf(r.actions).map((a) => (
              <Button
                key={a}
                type={a === 'update-requested' ? 'default' : 'primary'}
                loading={action.isPending && action.variables?.action === a}
                onClick={() => void act(a)}
              >
                {t(`epr.actions.${a}`)}
              </Button>
            ))}
            {r.status.id === EPR_STATUS.completed && <EprPdfButton review={r} />}
          </Space>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'employee',
              label: t('epr.detail.employee'),
              children: <PersonCell person={r.employee} />,
            },
            {
              key: 'lm',
              label: t('epr.detail.lineManager'),
              children: <PersonCell person={r.line_manager} />,
            },
            {
              key: 'oo',
              label: t('epr.detail.oneOverOne'),
              children: <PersonCell person={r.one_over_one} />,
            },
            { key: 'kpi', label: t('epr.detail.kpi'), children: r.kpi.name },
            { key: 'type', label: t('epr.detail.type'), children: typeName('epr', r.type) },
            {
              key: 'period',
              label: t('epr.detail.period'),
              children: <bdi>{`${formatDate(r.from_date)} – ${formatDate(r.to_date)}`}</bdi>,
            },
            {
              key: 'status',
              label: t('epr.detail.status'),
              children: (
                <>
                  <StatusTag kind="epr" status={r.status} />
                  <DecisionNote decision={r.decision} always comment />
                </>
              ),
            },
          ]}
        />
      </Card>
      <Tabs
        activeKey={tab ?? order[0]}
        onChange={(k) => setTab(k as TabKey)}
        items={order.map((key) => ({ key, ...sections[key], className: `epr-tab epr-tab--${key}` }))}
      />
    </>
  );
}
