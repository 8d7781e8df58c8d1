import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import type { TeamMember } from '@hr/contracts/employee-search';
import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';

export const RELATION_COLOR: Record<TeamMember['relation'], string> = {
  line_manager: 'gold',
  peer: 'blue',
  report: 'green',
  indirect_report: 'cyan',
};

/**
 * One colleague of the team directory. It opens their profile, except the
 * viewer's own line manager's card, which is not a link (SPEC.md §2).
 */
export function TeamCard({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const isManager = member.relation === 'line_manager';
  const body = (
    <Card
      className={`team-card${isManager ? ' team-card--manager' : ''}`}
      hoverable={!isManager}
      variant="outlined"
      data-testid="team-card"
    >
      <Tag className="team-card__relation" color={RELATION_COLOR[member.relation]}>
        {t(`team.relation.${member.relation}`)}
      </Tag>
      <div className="team-card__head">
        <EmployeeAvatar name={member.name} photo={member.photo} size={72} />
        <Typography.Title level={5} className="team-card__name" ellipsis={{ tooltip: member.name }}>
          {member.name}
        </Typography.Title>
        <Typography.Text type="secondary" className="team-card__designation" ellipsis>
          {member.designation ?? '—'}
        </Typography.Text>
        <Typography.Text className="team-card__eid" code>
          {member.eid}
        </Typography.Text>
      </div>
      <ul className="team-card__facts">
        <li>
          <EnvironmentOutlined aria-hidden />
          <span className="visually-hidden">{t('team.office')}</span>
          <Typography.Text ellipsis>{member.office ?? '—'}</Typography.Text>
        </li>
        <li>
          <MailOutlined aria-hidden />
          <span className="visually-hidden">{t('team.columns.email')}</span>
          <Typography.Text ellipsis>{member.email ?? '—'}</Typography.Text>
        </li>
        <li>
          <PhoneOutlined aria-hidden />
          <span className="visually-hidden">{t('team.columns.mobile')}</span>
          <Typography.Text>{member.mobile ?? '—'}</Typography.Text>
        </li>
      </ul>
    </Card>
  );
  if (isManager) return body;
  return (
    <Link
      to={`/profile/${member.id}`}
      className="team-card__link"
      aria-label={t('team.openProfile', { name: member.name })}
    >
      {body}
    </Link>
  );
}
