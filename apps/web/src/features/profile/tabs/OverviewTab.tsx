import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import { basicInput, type FullProfile } from '@hr/contracts/employees';
import type { PersonRef } from '@hr/contracts/people';
import { mayRead } from '@hr/contracts/privacy';
import { Avatar, Button, Card, Descriptions, Flex, Form, Modal, Select, Space, Tag, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initials } from '../../../components/employee-search/EmployeeAvatar';
import { LeaveBalanceCard } from '../../../components/LeaveBalanceCard';
import { confirmDialog, toastSuccess } from '../../../lib/notify';
import { LedgerDrawer, leaveBalancesQuery } from '../../leave';
import { ShiftCard } from '../../shifts';
import { useAdminAction, useAdminOptions } from '../api';
import { AttendanceCalendarCard } from '../components/AttendanceCalendarCard';
import type { ProfileFields } from '../components/fields';
import { DetailsSection, dash } from '../components/Sections';

export function PersonLink({ person }: { person: PersonRef | null }) {
  if (!person) return <>—</>;
  return (
    <Link to={`/profile/${person.id}`} className="person-link">
      <Avatar size={22} src={person.photo?.small} alt="" style={{ backgroundColor: '#0f766e', fontSize: 11 }}>
        {initials(person.name)}
      </Avatar>
      <span>{person.name}</span>
    </Link>
  );
}

/** The person's leave balances, each opening its ledger (for their managers and HR too). */
function ProfileBalances({ employeeId }: { employeeId: number }) {
  const [ledger, setLedger] = useState<{ type: { id: number; name: string }; year: number } | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <LeaveBalanceCard
        balances={(year) => leaveBalancesQuery(employeeId, year)}
        onOpen={(type, year) => {
          setLedger({ type, year });
          setOpen(true);
        }}
      />
      {ledger ? (
        <Suspense fallback={null}>
          <LedgerDrawer
            employeeId={employeeId}
            type={ledger.type}
            year={ledger.year}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Company and office in one form: offices follow the chosen company. */
function CompanyOfficeModal({
  profile,
  open,
  onClose,
}: {
  profile: FullProfile;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const options = useAdminOptions(profile.id, open);
  const action = useAdminAction(profile.id);
  const [form] = Form.useForm<{ company_id?: number; office_id?: number }>();
  const companyId = Form.useWatch('company_id', form);

  const save = async () => {
    let values: { company_id?: number; office_id?: number };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      if (values.company_id && values.company_id !== profile.company_id)
        await action.mutateAsync({
          path: 'employees/assign/company',
          body: { company_id: values.company_id },
        });
      if (values.office_id && values.office_id !== profile.office_id)
        await action.mutateAsync({ path: 'employees/assign/office', body: { office_id: values.office_id } });
      toastSuccess(t('notices.updated'));
      onClose();
    } catch {
      // The toast has told why.
    }
  };

  return (
    <Modal
      open={open}
      title={t('profile.admin.companyOffice')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={action.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          company_id: profile.company_id ?? undefined,
          office_id: profile.office_id ?? undefined,
        }}
        onValuesChange={(changed) => {
          if ('company_id' in changed) form.setFieldsValue({ office_id: undefined });
        }}
      >
        <Form.Item
          name="company_id"
          label={t('profile.fields.company')}
          rules={[{ required: true, message: t('profile.admin.chooseCompany') }]}
        >
          <Select
            loading={options.isPending}
            options={(options.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))}
            placeholder={t('profile.form.choose')}
          />
        </Form.Item>
        <Form.Item name="office_id" label={t('profile.fields.office')}>
          <Select
            allowClear
            loading={options.isPending}
            options={(options.data?.offices ?? [])
              .filter((o) => o.company_id === companyId)
              .map((o) => ({ value: o.id, label: o.name }))}
            placeholder={t('profile.form.choose')}
            notFoundContent={t('profile.admin.noOffices')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** An item of a group's tree named with the items above it ("Engineering / Quality Assurance"). */
function itemPath(
  items: { id: number; name: string; parent_id: number | null }[],
  item: { name: string; parent_id: number | null },
) {
  const names = [item.name];
  const seen = new Set<number>();
  for (let up = item.parent_id; up !== null && !seen.has(up); ) {
    seen.add(up);
    const parent = items.find((i) => i.id === up);
    if (!parent) break;
    names.unshift(parent.name);
    up = parent.parent_id;
  }
  return names.join(' / ');
}

function GroupModal({
  profile,
  open,
  onClose,
}: {
  profile: FullProfile;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const options = useAdminOptions(profile.id, open);
  const action = useAdminAction(profile.id);
  const [treeId, setTreeId] = useState<number | null>(null);
  const member = new Set(profile.groups.map((g) => g.id));
  const save = async () => {
    if (!treeId) return;
    try {
      await action.mutateAsync({ path: 'employees/assign/group', body: { group_tree_id: treeId } });
      toastSuccess(t('notices.updated'));
      setTreeId(null);
      onClose();
    } catch {
      // The toast has told why.
    }
  };
  return (
    <Modal
      open={open}
      title={t('profile.admin.addToGroup')}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ disabled: !treeId }}
      okText={t('common.add')}
      cancelText={t('common.cancel')}
      confirmLoading={action.isPending}
    >
      <Select
        style={{ width: '100%' }}
        value={treeId}
        onChange={setTreeId}
        loading={options.isPending}
        aria-label={t('profile.fields.group')}
        placeholder={t('profile.form.choose')}
        showSearch={{ optionFilterProp: 'label' }}
        options={(options.data?.groups ?? []).map((g) => ({
          label: g.name,
          title: g.name,
          options: g.trees
            .filter((tree) => !member.has(tree.id))
            .map((tree) => ({ value: tree.id, label: itemPath(g.trees, tree) }))
            .sort((a, b) => a.label.localeCompare(b.label)),
        }))}
      />
    </Modal>
  );
}

/** Where the employee sits: company, office, managers, groups and their user account. */
function OrganisationCard({ profile }: { profile: FullProfile }) {
  const { t } = useTranslation();
  const isAdmin = profile.permissions.admin;
  const action = useAdminAction(profile.id);
  const [modal, setModal] = useState<'company' | 'group' | null>(null);

  const removeGroup = async (id: number, name: string) => {
    const ok = await confirmDialog({
      title: t('profile.admin.removeGroupTitle', { group: name }),
      okText: t('profile.admin.remove'),
      danger: true,
    });
    if (!ok) return;
    await action
      .mutateAsync({ path: 'employees/remove/group', body: { group_tree_id: id } })
      .catch(() => undefined);
  };

  const user = profile.employee_user;
  return (
    <Card
      title={t('profile.sections.organisation')}
      className="profile-section"
      extra={
        isAdmin ? (
          <Button icon={<ApartmentOutlined aria-hidden />} onClick={() => setModal('company')}>
            <span className="profile-section__button-text">{t('profile.admin.companyOffice')}</span>
          </Button>
        ) : null
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, xl: 3 }}
        items={[
          { key: 'company', label: t('profile.fields.company'), children: dash(profile.company) },
          { key: 'office', label: t('profile.fields.office'), children: dash(profile.office) },
          {
            key: 'lm',
            label: t('profile.fields.lineManager'),
            children: <PersonLink person={profile.parent} />,
          },
          {
            key: 'oo',
            label: t('profile.fields.oneOverOne'),
            children: <PersonLink person={profile.one_over_one} />,
          },
          {
            key: 'user',
            label: t('profile.fields.user'),
            children: user ? (
              <Space size={6} wrap>
                <bdi>{user.username}</bdi>
                {user.is_admin ? <Tag color="gold">{t('profile.userAdmin')}</Tag> : null}
                {user.has_password ? null : <Tag color="orange">{t('profile.userInvited')}</Tag>}
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('profile.noUser')}</Typography.Text>
            ),
          },
          {
            key: 'groups',
            label: t('profile.fields.groups'),
            span: 'filled',
            children: (
              <Flex wrap gap={6} align="center">
                {profile.groups.length === 0 ? <Typography.Text type="secondary">—</Typography.Text> : null}
                {profile.groups.map((g) => (
                  <Tag
                    key={g.id}
                    color="geekblue"
                    closable={isAdmin}
                    closeIcon={isAdmin ? undefined : false}
                    onClose={(e) => {
                      e.preventDefault();
                      void removeGroup(g.id, g.name);
                    }}
                  >
                    {g.group.name}: {g.name}
                  </Tag>
                ))}
                {isAdmin ? (
                  <Button
                    size="small"
                    type="dashed"
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => setModal('group')}
                  >
                    {t('profile.admin.addToGroup')}
                  </Button>
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
      {isAdmin ? (
        <>
          <CompanyOfficeModal profile={profile} open={modal === 'company'} onClose={() => setModal(null)} />
          <GroupModal profile={profile} open={modal === 'group'} onClose={() => setModal(null)} />
        </>
      ) : null}
    </Card>
  );
}

/** The Profile tab: the main details and where the employee sits. */
export function OverviewTab({ profile, fields }: { profile: FullProfile; fields: ProfileFields }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`profile.fields.${key}` as 'profile.fields.name');
  return (
    <Flex vertical gap={16}>
      <DetailsSection
        employeeId={profile.id}
        title={t('profile.sections.basic')}
        path=""
        canEdit={profile.permissions.edit.basic}
        fields={fields.basic}
        schema={basicInput}
        initial={{
          name: profile.name,
          eid: profile.eid,
          mobile: profile.mobile,
          email: profile.email,
          designation: profile.designation,
          blood_group: profile.blood_group,
          status_id: profile.status_id,
          level_id: profile.level_id,
          grade_id: profile.grade_id,
        }}
        items={[
          { key: 'name', label: f('name'), children: profile.name },
          { key: 'eid', label: f('eid'), children: <bdi>{profile.eid}</bdi> },
          { key: 'designation', label: f('designation'), children: dash(profile.designation) },
          { key: 'mobile', label: f('mobile'), children: <bdi>{dash(profile.mobile)}</bdi> },
          { key: 'email', label: f('email'), children: <bdi>{dash(profile.email)}</bdi> },
          { key: 'blood', label: f('bloodGroup'), children: <bdi>{dash(profile.blood_group)}</bdi> },
          { key: 'status', label: f('status'), children: dash(profile.status?.name) },
          { key: 'level', label: f('level'), children: dash(profile.level?.name) },
          { key: 'grade', label: f('grade'), children: dash(profile.grade?.name) },
        ]}
      />
      <OrganisationCard profile={profile} />
      {profile.permissions.view === 'full' ? (
        <ShiftCard employeeId={profile.id} canAssign={profile.permissions.admin} />
      ) : null}
      {profile.permissions.view === 'full' ? <ProfileBalances employeeId={profile.id} /> : null}
      {mayRead(profile.permissions.relation, profile.permissions.is_admin, 'personal') ? (
        <AttendanceCalendarCard employeeId={profile.id} />
      ) : null}
    </Flex>
  );
}
