import type { ApprovalModule } from '@hr/contracts/approvals';
import type { Language } from '@hr/contracts/limits';
import type { NotificationChannel, NotificationEvent } from '@hr/contracts/notifications';
import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvalItems, employees, notificationPreferences, notifications, users } from '../../db/schema';
import { personJson, personName } from '../../lib/approvers';
import { localName } from '../../lib/language';
import { condition, type ListSource } from '../../lib/list';
import { preparedOnce } from '../../lib/prepared';
import { NOTIFICATIONS_CHANNEL } from '../../lib/realtime';

const n = notifications;
const v = approvalItems;
const p = notificationPreferences;

/** A person's unread rows shown in the portal (the partial index `notifications_unread_idx`). */
const unreadOf = (me: Placeholder | number) =>
  sql<number>`(select count(*) from ${n} where ${n.employeeId} = ${me} and ${n.readAt} is null and ${n.inApp})`.mapWith(
    Number,
  );

/**
 * The item a notification names, read from the view `approval_items` by
 * module and id: a lateral subquery behind an optimization fence (`limit
 * 1`: it is never merged into the outer query), so that the module and id
 * reach each part of the view as values and each part reads its own table
 * by primary key. Joined plainly, the parts
 * that join a type table were read whole for every row (a second for a page
 * of ten over 120,000 requests; a few milliseconds this way).
 */
function itemOf(db: Db) {
  return db
    .select({
      ownerId: v.employeeId,
      subject: localName(v.subject, v.subjectTranslations).as('subject'),
      fromDate: v.fromDate,
      toDate: v.toDate,
    })
    .from(v)
    .where(and(eq(v.module, n.module), eq(v.id, n.recordId)))
    .limit(1)
    .as('item');
}

/**
 * A page of notifications with what their texts need: the item's subject
 * in the caller's language and its days, its owner's name, the actor and on
 * whose behalf; and the caller's unread count, all in the page's one
 * statement.
 */
function pageQuery(db: Db, total: SQL<number>) {
  const item = itemOf(db);
  return db
    .select({
      total,
      unread: unreadOf(sql.placeholder('me')),
      id: n.id,
      event: n.event,
      module: n.module,
      recordId: n.recordId,
      data: n.data,
      readAt: n.readAt,
      createdAt: n.createdAt,
      actor: personJson(n.actorEmployeeId),
      onBehalfOf: personJson(n.onBehalfOfEmployeeId),
      ownerName: personName(item.ownerId),
      subject: item.subject,
      fromDate: item.fromDate,
      toDate: item.toDate,
    })
    .from(n)
    .leftJoinLateral(item, sql`true`);
}
export type NotificationRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number] & {
  event: NotificationEvent;
  module: ApprovalModule | null;
};

/** A person's stored choices, as the table keeps them. */
export interface StoredPreferences {
  channels: Record<string, NotificationChannel>;
  dailyDigest: boolean;
}

/** A row waiting for a digest, with its reader's address and language and its item's title facts. */
export interface PendingRow {
  id: number;
  employee_id: number;
  event: NotificationEvent;
  module: ApprovalModule | null;
  record_id: number | null;
  data: Record<string, unknown>;
  email: string | null;
  language: string | null;
  subject: string | null;
  subject_translations: Partial<Record<Language, string>> | null;
  from_date: string | null;
  to_date: string | null;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: unknown }).rows ?? []) as T[];
}

export const notificationsRepository = {
  /** The caller's notifications shown in the portal, newest first, on the one list path (lib/list.ts). */
  list(me: number, unreadOnly: boolean): ListSource<NotificationRow> {
    return {
      name: 'notifications',
      table: n,
      conditions: [
        { key: 'me', value: me, where: (id) => and(eq(n.employeeId, id), eq(n.inApp, true)) },
        condition('unread', unreadOnly ? true : undefined, () => isNull(n.readAt)),
      ],
      sortable: { id: n.id },
      tieBreaker: n.id,
      page: (db, total) => pageQuery(db, total) as never,
    };
  },

  /** How many of the caller's notifications are unread, in one prepared statement. */
  async unreadCount(db: Db, me: number): Promise<number> {
    const statement = preparedOnce(db, 'notifications-unread', (name) =>
      db
        .select({ n: unreadOf(sql.placeholder('me')) })
        .from(sql`(select) as one`)
        .prepare(name),
    );
    const [row] = await statement.execute({ me });
    return row?.n ?? 0;
  },

  /** Marks the caller's unread rows read (those of `ids`, or all); answers how many. */
  async markRead(tx: Db, me: number, ids: readonly number[] | null): Promise<number> {
    const mine = and(
      eq(n.employeeId, me),
      isNull(n.readAt),
      ids ? sql`${n.id} = any(${sql.param(ids)}::bigint[])` : undefined,
    );
    const rows = await tx.update(n).set({ readAt: sql`now()` }).where(mine).returning({ id: n.id });
    return rows.length;
  },

  /** Tells the person's open bells, on every process, that their unread count changed (at the commit). */
  async announce(tx: Db, me: number): Promise<void> {
    await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify({ employee_id: me })})`);
  },

  async preferences(db: Db, me: number): Promise<StoredPreferences | null> {
    const [row] = await db
      .select({ channels: p.channels, dailyDigest: p.dailyDigest })
      .from(p)
      .where(eq(p.employeeId, me));
    return row ?? null;
  },

  /** Sets the named events' channels (the others keep theirs) and the digest, in one statement. */
  async savePreferences(
    db: Db,
    me: number,
    channels: Partial<Record<NotificationEvent, NotificationChannel>>,
    dailyDigest: boolean | undefined,
  ): Promise<StoredPreferences> {
    const patch = sql`${JSON.stringify(channels)}::jsonb`;
    const [row] = await db
      .insert(p)
      .values({ employeeId: me, channels: patch as never, dailyDigest: dailyDigest ?? false })
      .onConflictDoUpdate({
        target: p.employeeId,
        set: {
          channels: sql`${p.channels} || ${patch}`,
          dailyDigest: dailyDigest ?? sql`${p.dailyDigest}`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ channels: p.channels, dailyDigest: p.dailyDigest });
    return row!;
  },

  /**
   * Whether this transaction runs the digests: one process at a time, on
   * PostgreSQL and PGlite alike; the lock goes with the transaction.
   */
  async lockDigests(tx: Db): Promise<boolean> {
    const [row] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('notification_digest')) as locked`),
    );
    return row?.locked === true;
  },

  /**
   * The rows waiting for the digest of up to `people` persons who have not
   * had one on `today`, each with its reader's address and language and its
   * item's subject (every translation) and days, oldest first per person.
   * The people are found through the partial index of pending rows.
   */
  async pending(tx: Db, today: string, people: number): Promise<PendingRow[]> {
    return rowsOf<PendingRow>(
      await tx.execute(sql`
        with due as (
          select distinct w.employee_id
            from ${n} w
            left join ${p} on ${p.employeeId} = w.employee_id
           where w.email_pending
             and (${p.digestSentOn} is null or ${p.digestSentOn} < ${today}::date)
           order by w.employee_id
           limit ${people}
        )
        select r.id, r.employee_id, r.event, r.module, r.record_id, r.data,
               e.email, u.language,
               i.subject, i.subject_translations, i.from_date::text as from_date, i.to_date::text as to_date
          from due
          join ${n} r on r.employee_id = due.employee_id and r.email_pending
          join ${employees} e on e.id = r.employee_id
          left join ${users} u on u.employee_id = r.employee_id
          -- the item behind a fence, so that each part of the view reads its table by id (see itemOf)
          left join lateral (
            select x.subject, x.subject_translations, x.from_date, x.to_date
              from ${v} x where x.module = r.module and x.id = r.record_id limit 1
          ) i on true
         order by r.employee_id, r.id`),
    );
  },

  /** The digests of these people went (or had nowhere to go): their rows wait no more, and `today` is their day. */
  async digestsSent(tx: Db, employeeIds: readonly number[], today: string): Promise<void> {
    if (employeeIds.length === 0) return;
    const ids = sql`${sql.param(employeeIds)}::int[]`;
    await tx.execute(sql`
      update ${n} set email_pending = false
       where ${n.employeeId} = any(${ids}) and ${n.emailPending}`);
    await tx.execute(sql`
      insert into ${p} (employee_id, digest_sent_on)
      select id, ${today}::date from unnest(${ids}) as x(id)
      on conflict (employee_id) do update set digest_sent_on = excluded.digest_sent_on`);
  },
};
