import type { ActivitiesPage, ActivityFilter, activitiesQuery } from '@hr/contracts/employees';
import dayjs from 'dayjs';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { accessTo, authorize } from './profile.access';
import { profileRepository as repo } from './profile.repository';

type Query = z.output<typeof activitiesQuery>;

/**
 * The start and end (exclusive) of a filter's period. Weeks start on
 * Saturday, the day after the weekly off day (Friday).
 */
export function periodOf(
  filter: ActivityFilter | undefined,
  now = new Date(),
): { from: Date | null; to: Date | null } {
  const today = dayjs(now).startOf('day');
  switch (filter) {
    case 'this_week': {
      const back = (today.day() + 1) % 7; // days since Saturday
      return { from: today.subtract(back, 'day').toDate(), to: null };
    }
    case 'this_month':
      return { from: today.startOf('month').toDate(), to: null };
    case 'last_month':
      return {
        from: today.startOf('month').subtract(1, 'month').toDate(),
        to: today.startOf('month').toDate(),
      };
    case 'last_three_months':
      // This month and the two before it.
      return { from: today.startOf('month').subtract(2, 'month').toDate(), to: null };
    default:
      return { from: null, to: null };
  }
}

export const ACTIVITIES_PATH = '/api/v1/employee/activities';

export class ActivitiesService {
  constructor(private readonly db: Db) {}

  /** GET employee/activities: one page of an employee's activity log, for those who may read the profile. */
  async list(auth: AuthContext, query: Query): Promise<ActivitiesPage> {
    const employeeId = query.employee_id ?? auth.employeeId;
    authorize(await accessTo(this.db, auth, employeeId), 'activities');
    const { from, to } = periodOf(query.filter);
    const [column, dir] = query.sort.split(',') as ['id' | 'created', 'asc' | 'desc'];
    const { rows, total } = await repo.activities(this.db, {
      employeeId,
      from,
      to,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      sort: { column, dir },
    });
    const pages = Math.max(1, Math.ceil(total / query.limit));
    const link = (page: number) => {
      const params = new URLSearchParams({
        employee_id: String(employeeId),
        ...(query.filter ? { filter: query.filter } : {}),
        page: String(page),
        limit: String(query.limit),
        sort: query.sort,
      });
      return `${ACTIVITIES_PATH}?${params.toString()}`;
    };
    return {
      items: rows.map((r) => ({
        id: r.id,
        category: r.category,
        type: r.type,
        description: r.description,
        address: r.address,
        created: r.createdAt.toISOString(),
        latitude: r.latitude,
        longitude: r.longitude,
      })),
      count: rows.length,
      total,
      pagination: {
        page: query.page,
        limit: query.limit,
        pages,
        next: query.page < pages ? link(query.page + 1) : null,
        prev: query.page > 1 ? link(Math.min(query.page - 1, pages)) : null,
      },
    };
  }
}
