import type { Photo } from '@hr/contracts/people';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';

/**
 * The employee of a request in a table cell, like the lists' person cell,
 * but the name opens the request (team view) rather than the profile.
 */
export function RequestPersonCell({
  person,
  to,
}: {
  person: { name: string; eid: string; photo: Photo };
  to?: string;
}) {
  return (
    <span className="person-cell">
      <EmployeeAvatar name={person.name} photo={person.photo ?? null} size={24} decorative />
      <span className="person-cell__name">
        <span>{to ? <Link to={to}>{person.name}</Link> : person.name}</span>
        <span className="plain-secondary person-cell__eid">{person.eid}</span>
      </span>
    </span>
  );
}
