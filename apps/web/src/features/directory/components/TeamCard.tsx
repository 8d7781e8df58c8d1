import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import type { TeamMember } from '@hr/contracts/employee-search';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { PlainIcon } from '../../../components/PlainIcon';

/** The colour of each relation's tag (the colours of the status badges, components/list/StatusTag.tsx). */
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
    <div className={`plain-card team-card${isManager ? ' team-card--manager' : ''}`} data-testid="team-card">
      <span className={`plain-tag plain-tag--${RELATION_COLOR[member.relation]} team-card__relation`}>
        {t(`team.relation.${member.relation}`)}
      </span>
      <div className="team-card__head">
        <span className="team-card__avatar">
          <EmployeeAvatar name={member.name} photo={member.photo} size={72} />
        </span>
        <h5 className="team-card__name" title={member.name}>
          {member.name}
        </h5>
        <span className="plain-secondary team-card__designation">{member.designation ?? '—'}</span>
        <code className="team-card__eid">{member.eid}</code>
      </div>
      <ul className="team-card__facts">
        <li>
          <PlainIcon icon={EnvironmentOutlined} />
          <span className="visually-hidden">{t('team.office')}</span>
          <span className="team-card__fact">{member.office ?? '—'}</span>
        </li>
        <li>
          <PlainIcon icon={MailOutlined} />
          <span className="visually-hidden">{t('team.columns.email')}</span>
          <span className="team-card__fact">{member.email ?? '—'}</span>
        </li>
        <li>
          <PlainIcon icon={PhoneOutlined} />
          <span className="visually-hidden">{t('team.columns.mobile')}</span>
          <span>{member.mobile ?? '—'}</span>
        </li>
      </ul>
    </div>
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
