import type { PersonRef } from '@hr/contracts/people';
import { formatDateTime } from '../../lib/dates';
import type { ListColumns } from './ListTable';
import { PersonCell } from './PersonCell';

type Column<R> = ListColumns<R>[number];

/**
 * The columns every request list shares, in the order a reader wants them
 * (SPEC.md §2 lists): what identifies a request (its type and dates) first,
 * who else it concerns next, then its status, when it was made and changed,
 * and its actions. The employee is the caller in the own view, so a column
 * marked `teamOnly` shows in the Team view only (RequestListPage).
 */

/** A person of the request (the employee, a responsible, the line manager); `teamOnly` where it is always the reader. */
export function personColumn<R>(
  title: string,
  key: string,
  person: (row: R) => PersonRef | null,
  options: { sortField?: string; teamOnly?: boolean } = {},
): Column<R> {
  return { title, key, ...options, render: (_, r) => <PersonCell person={person(r)} /> };
}

/** A moment of the request (made, last changed), on one line. */
export function momentColumn<R>(
  title: string,
  key: 'created' | 'updated',
  at: (row: R) => string,
): Column<R> {
  return {
    title,
    key,
    sortField: key,
    render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at(r))}</span>,
  };
}

/** A free text of the request, cut to its column with the whole text on hover; a dash when empty. */
export function noteColumn<R>(title: string, key: string, text: (row: R) => string | null): Column<R> {
  return {
    title,
    key,
    render: (_, r) => {
      const v = text(r);
      return v ? (
        <span className="plain-ellipsis" title={v}>
          {v}
        </span>
      ) : (
        <span className="plain-secondary">—</span>
      );
    },
  };
}
