import {
  CameraOutlined,
  CheckCircleOutlined,
  ClearOutlined,
  LoginOutlined,
  MailOutlined,
  PhoneOutlined,
  StopOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { EmployeeProfile } from '@hr/contracts/employees';
import { PHOTO_MAX_BYTES } from '@hr/contracts/employees';
import { MESSAGES } from '@hr/contracts/messages';
import { Avatar, Button, Card, Flex, Space, Spin, Tag, Tooltip, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../components/employee-search/EmployeeAvatar';
import { LinkButton } from '../../../components/LinkButton';
import { ApiError } from '../../../lib/http';
import { translateValidation } from '../../../lib/i18n';
import { confirmDialog, reportError, serverErrorText, toastError, toastSuccess } from '../../../lib/notify';
import { EndSessionsButton } from '../../account';
import { isPngOrJpeg, readAsDataUrl, signInAs, useAdminAction, usePhotoUpload } from '../api';

const RELATION_COLOR = {
  self: 'cyan',
  line_manager: 'blue',
  one_over_one: 'purple',
  above: 'geekblue',
  other: 'default',
} as const;

/** The photo, with a button to change it when the viewer may (PNG or JPEG, at most 2 MB). */
function Photo({ profile }: { profile: EmployeeProfile }) {
  const { t } = useTranslation();
  const upload = usePhotoUpload(profile.id);
  const canEdit = profile.permissions.edit.photo;

  /** SPEC.md §8: each kind of failure has its own text. */
  const choose = async (file: File) => {
    try {
      if (!(await isPngOrJpeg(file))) {
        toastError(t('profile.photo.invalidFormat'));
        return;
      }
      if (file.size > PHOTO_MAX_BYTES) {
        toastError(t('profile.photo.failed', { message: translateValidation(MESSAGES.photoTooLarge) }));
        return;
      }
      let data: string;
      try {
        data = await readAsDataUrl(file);
      } catch {
        toastError(t('profile.photo.processingFailed'));
        return;
      }
      await upload.mutateAsync(data);
      toastSuccess(t('profile.photo.updated'));
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status === 401) return;
        if (err.body?.error === 'invalid_image_format') toastError(t('profile.photo.invalidFormat'));
        else if (err.body?.error === 'image_unreadable') toastError(t('profile.photo.processingFailed'));
        else toastError(t('profile.photo.failed', { message: serverErrorText(err) }));
      } else {
        toastError(
          t('profile.photo.unexpected', { message: err instanceof Error ? err.message : String(err) }),
        );
      }
    }
  };

  return (
    <div className="profile-photo">
      <Spin spinning={upload.isPending}>
        <Avatar
          size={{ xs: 88, sm: 96, md: 112, lg: 120, xl: 120, xxl: 120 }}
          src={profile.photo?.big}
          alt={profile.photo ? t('profile.photo.alt', { name: profile.name }) : undefined}
          className="profile-photo__avatar"
        >
          {initials(profile.name)}
        </Avatar>
      </Spin>
      {canEdit ? (
        <Upload
          accept="image/png,image/jpeg"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void choose(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Tooltip title={t('profile.photo.change')}>
            <Button
              shape="circle"
              icon={<CameraOutlined aria-hidden />}
              className="profile-photo__button"
              aria-label={t('profile.photo.change')}
            />
          </Tooltip>
        </Upload>
      ) : null}
    </div>
  );
}

/** Enable/disable, Add User, Erasure (of a leaver) and Sign in as: HR administrators on an editable profile. */
function AdminButtons({ profile }: { profile: Extract<EmployeeProfile, { view: 'full' }> }) {
  const { t } = useTranslation();
  const action = useAdminAction(profile.id);
  const self = profile.permissions.relation === 'self';

  const toggle = async () => {
    const disabling = profile.enabled;
    const ok = await confirmDialog({
      title: disabling
        ? t('profile.admin.disableTitle', { name: profile.name })
        : t('profile.admin.enableTitle', { name: profile.name }),
      content: disabling ? t('profile.admin.disableText') : t('profile.admin.enableText'),
      okText: disabling ? t('profile.admin.disable') : t('profile.admin.enable'),
      danger: disabling,
    });
    if (!ok) return;
    await action.mutateAsync({ path: disabling ? 'employees/disable' : 'employees/enable' });
    toastSuccess(t('notices.statusUpdated'));
  };

  const addUser = async () => {
    const ok = await confirmDialog({
      title: t('profile.admin.addUserTitle', { name: profile.name }),
      content: t('profile.admin.addUserText'),
      okText: t('profile.admin.addUser'),
    });
    if (!ok) return;
    await action.mutateAsync({ path: 'users/employees', method: 'post' });
    toastSuccess(t('profile.admin.userCreated'));
  };

  const impersonate = async () => {
    try {
      await signInAs(profile.id);
    } catch (err) {
      reportError(err);
    }
  };

  return (
    <Space wrap className="profile-admin">
      {profile.permissions.admin && !self ? (
        <Button
          danger={profile.enabled}
          icon={profile.enabled ? <StopOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}
          onClick={() => void toggle().catch(() => undefined)}
          loading={action.isPending && action.variables?.path.startsWith('employees/')}
        >
          {profile.enabled ? t('profile.admin.disable') : t('profile.admin.enable')}
        </Button>
      ) : null}
      {profile.permissions.admin ? (
        <Tooltip title={profile.employee_user ? t('profile.admin.hasUser') : undefined}>
          <Button
            icon={<UserAddOutlined aria-hidden />}
            disabled={Boolean(profile.employee_user)}
            onClick={() => void addUser().catch(() => undefined)}
          >
            {t('profile.admin.addUser')}
          </Button>
        </Tooltip>
      ) : null}
      {profile.permissions.admin && !self && profile.employee_user ? (
        <EndSessionsButton employeeId={profile.id} name={profile.name} />
      ) : null}
      {profile.permissions.admin && !self && !profile.enabled ? (
        // A leaver: HR's erasure screen opens with them chosen (docs/decisions.md, "Data rights").
        <LinkButton to={`/admin/erasure?employee=${profile.id}`} icon={<ClearOutlined aria-hidden />}>
          {t('dataRights.nav')}
        </LinkButton>
      ) : null}
      {profile.permissions.impersonate ? (
        <Button icon={<LoginOutlined aria-hidden className="flip-rtl" />} onClick={() => void impersonate()}>
          {t('profile.admin.signInAs')}
        </Button>
      ) : null}
    </Space>
  );
}

export function ProfileHeader({ profile }: { profile: EmployeeProfile }) {
  const { t } = useTranslation();
  const relation = profile.permissions.relation;
  const full = profile.view === 'full' ? profile : null;
  return (
    <Card className="profile-header" role="region" aria-label={profile.name}>
      <Flex gap={24} align="center" wrap className="profile-header__row">
        <Photo profile={profile} />
        <div className="profile-header__main">
          <Typography.Title level={3} className="profile-header__name">
            {profile.name}
          </Typography.Title>
          <Typography.Text type="secondary" className="profile-header__designation">
            {profile.designation ?? t('profile.noDesignation')}
          </Typography.Text>
          <Space wrap size={[6, 6]} className="profile-header__tags">
            <Tag>
              {t('profile.fields.eid')}: {profile.eid}
            </Tag>
            {full && !full.enabled ? <Tag color="red">{t('profile.disabled')}</Tag> : null}
            {relation !== 'other' ? (
              <Tag color={RELATION_COLOR[relation]}>{t(`profile.relation.${relation}`)}</Tag>
            ) : null}
            {full?.status ? <Tag color="green">{full.status.name}</Tag> : null}
          </Space>
          <Flex wrap gap="4px 16px" className="profile-header__contact">
            {profile.mobile ? (
              <Typography.Text>
                <PhoneOutlined aria-hidden /> <bdi>{profile.mobile}</bdi>
              </Typography.Text>
            ) : null}
            {profile.email ? (
              <Typography.Link href={`mailto:${profile.email}`}>
                <MailOutlined aria-hidden /> <bdi>{profile.email}</bdi>
              </Typography.Link>
            ) : null}
            {profile.company || profile.office ? (
              <Typography.Text type="secondary">
                {[profile.company, profile.office].filter(Boolean).join(' · ')}
              </Typography.Text>
            ) : null}
          </Flex>
        </div>
        {full && (full.permissions.admin || full.permissions.impersonate) ? (
          <AdminButtons profile={full} />
        ) : null}
      </Flex>
    </Card>
  );
}
