import { SCROLL_TOP_AFTER_PX } from '@hr/contracts/limits';
import { mayRead } from '@hr/contracts/privacy';
import { Alert, Button, Card, Flex, FloatButton, Result, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/http';
import { useMe } from '../../../lib/me';
import { CompensationTab } from '../../compensation';
import { DelegationsPanel } from '../../delegations';
import { useProfile } from '../api';
import { useProfileFields } from '../components/fields';
import { ProfileEmployeeSearch } from '../components/ProfileEmployeeSearch';
import { ProfileHeader } from '../components/ProfileHeader';
import '../profile.css';
import { ActivityTab } from '../tabs/ActivityTab';
import { AssetsTab } from '../tabs/AssetsTab';
import { ChangeLogCard } from '../tabs/ChangeLogCard';
import { DocumentsTab } from '../tabs/DocumentsTab';
import { OverviewTab } from '../tabs/OverviewTab';
import {
  AchievementsTab,
  EducationsTab,
  GeneralTab,
  HistoryTab,
  PersonalTab,
  SeparationTab,
} from '../tabs/SectionTabs';

const TABS = [
  'profile',
  'general',
  'personal',
  'history',
  'achievements',
  'activity',
  'educations',
  'assets',
  'documents',
  'compensation',
  'separations',
  'delegations',
] as const;
type TabKey = (typeof TABS)[number];
const isTab = (value: string | null): value is TabKey => TABS.includes(value as TabKey);

/** /profile and /profile/{profileId}; without an id it shows the signed-in employee. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profileId } = useParams();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const badId = profileId !== undefined && !/^[1-9]\d{0,9}$/.test(profileId);
  const id = badId ? null : profileId ? Number(profileId) : (me.data?.employee.id ?? null);
  const profile = useProfile(id);
  const data = profile.data;
  const full = data?.view === 'full' ? data : null;
  const editsAny = Boolean(full && Object.values(full.permissions.edit).some(Boolean));
  const fields = useProfileFields(editsAny);
  const tab: TabKey = isTab(params.get('tab')) ? (params.get('tab') as TabKey) : 'profile';

  const notFound = badId || (profile.error instanceof ApiError && profile.error.status === 404);

  let body: ReactNode;
  if (notFound) {
    body = (
      <Card>
        <Result
          status="404"
          title={t('profile.notFoundTitle')}
          subTitle={t('profile.notFound')}
          extra={
            <Button type="primary" onClick={() => navigate('/profile')}>
              {t('shell.myProfile')}
            </Button>
          }
        />
      </Card>
    );
  } else if (profile.isError) {
    body = (
      <Card>
        <Result
          status="warning"
          title={profile.error instanceof ApiError ? profile.error.message : t('errors.unexpected')}
          extra={<Button onClick={() => void profile.refetch()}>{t('profile.retry')}</Button>}
        />
      </Card>
    );
  } else if (!data) {
    body = (
      <Card>
        <Skeleton avatar={{ size: 112 }} active paragraph={{ rows: 3 }} />
      </Card>
    );
  } else if (!full) {
    body = (
      <Flex vertical gap={16}>
        <ProfileHeader profile={data} />
        <Alert type="info" showIcon title={t('profile.cardOnly')} />
      </Flex>
    );
  } else {
    const props = { profile: full, fields };
    const items: { key: TabKey; label: string; children: ReactNode }[] = [
      { key: 'profile', label: t('profile.tabs.profile'), children: <OverviewTab {...props} /> },
      { key: 'general', label: t('profile.tabs.general'), children: <GeneralTab {...props} /> },
      { key: 'personal', label: t('profile.tabs.personal'), children: <PersonalTab {...props} /> },
      { key: 'history', label: t('profile.tabs.history'), children: <HistoryTab {...props} /> },
      {
        key: 'achievements',
        label: t('profile.tabs.achievements'),
        children: <AchievementsTab {...props} />,
      },
      {
        key: 'activity',
        label: t('profile.tabs.activity'),
        children: (
          <Flex vertical gap={16}>
            <ActivityTab employeeId={full.id} />
            {full.permissions.changes ? <ChangeLogCard employeeId={full.id} /> : null}
          </Flex>
        ),
      },
      { key: 'educations', label: t('profile.tabs.educations'), children: <EducationsTab {...props} /> },
      { key: 'assets', label: t('profile.tabs.assets'), children: <AssetsTab profile={full} /> },
      { key: 'documents', label: t('profile.tabs.documents'), children: <DocumentsTab profile={full} /> },
      // Pay and loans: the employee and HR administrators only (DESIGN.md §9).
      ...(mayRead(full.permissions.relation, full.permissions.is_admin, 'compensation')
        ? [
            {
              key: 'compensation' as const,
              label: t('compensation.tab'),
              children: <CompensationTab employeeId={full.id} canManage={full.permissions.admin} />,
            },
          ]
        : []),
      { key: 'separations', label: t('profile.tabs.separations'), children: <SeparationTab {...props} /> },
      // HR names a delegate for someone away (their own are under the user menu).
      ...(full.permissions.is_admin && full.permissions.relation !== 'self'
        ? [
            {
              key: 'delegations' as const,
              label: t('delegations.tab'),
              children: <DelegationsPanel employeeId={full.id} />,
            },
          ]
        : []),
    ];
    body = (
      <Flex vertical gap={16}>
        <ProfileHeader profile={full} />
        <Tabs
          className="profile-tabs"
          activeKey={tab}
          destroyOnHidden
          onChange={(key) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                if (key === 'profile') next.delete('tab');
                else next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          items={items}
        />
      </Flex>
    );
  }

  return (
    <>
      <PageHeader title={t('nav.profile')} />
      {me.data ? <ProfileEmployeeSearch admin={me.data.user.is_admin} /> : null}
      {body}
      <FloatButton.BackTop
        visibilityHeight={SCROLL_TOP_AFTER_PX}
        tooltip={t('profile.backToTop')}
        aria-label={t('profile.backToTop')}
      />
    </>
  );
}
