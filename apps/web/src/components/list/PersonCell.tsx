import type { PersonRef } from '@hr/contracts/people';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../employee-search/EmployeeAvatar';

/** A person in a table cell: photo or initials, name, E-ID; links to the profile. */
export function PersonCell({ person, link = true }: { person: PersonRef | null; link?: boolean }) {
  if (!person) return <span className="plain-secondary">—</span>;
  const name = link ? <Link to={`/profile/${person.id}`}>{person.name}</Link> : person.name;
  return (
    <span className="person-cell">
      <EmployeeAvatar name={person.name} photo={person.photo ?? null} size={24} decorative />
      <span className="person-cell__name">
        <span>{name}</span>
        <span className="plain-secondary person-cell__eid">{person.eid}</span>
      </span>
    </span>
  );
}
