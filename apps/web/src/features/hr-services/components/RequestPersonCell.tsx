import type { Photo } from '@hr/contracts/people';
import { Avatar, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { initials } from '../../../components/employee-search/EmployeeAvatar';

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
        <span>{to ? <Link to={to}>{person.name}</Link> : person.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {person.eid}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
