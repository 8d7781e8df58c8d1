import type { PersonRef } from '@hr/contracts/people';
import { Avatar, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { initials } from '../employee-search/EmployeeAvatar';

/** A person in a table cell: photo or initials, name, E-ID; links to the profile. */
export function PersonCell({ person, link = true }: { person: PersonRef | null; link?: boolean }) {
  if (!person) return <Typography.Text type="secondary">—</Typography.Text>;
  const name = link ? <Link to={`/profile/${person.id}`}>{person.name}</Link> : person.name;
  return (
    <Flex gap={8} align="center" style={{ minWidth: 140 }}>
      <Avatar
        size="small"
        src={person.photo?.small}
        alt=""
        style={{ backgroundColor: '#0f766e', flex: 'none' }}
      >
        {initials(person.name)}
      </Avatar>
      <Flex vertical style={{ lineHeight: 1.2 }}>
        <span>{name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {person.eid}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
