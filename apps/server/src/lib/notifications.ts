import {
  APPROVAL_MODULE_OF,
  APPROVAL_WORKFLOWS,
  type ApprovalModule,
  DECIDERS,
  waitingStatuses,
} from '@hr/contracts/approvals';
import { displayDay } from '@hr/contracts/dates';
import type { RecordKind } from '@hr/contracts/error-codes';
import type { Language } from '@hr/contracts/limits';
import { type NotificationEvent, notificationLink } from '@hr/contracts/notifications';
import { ROUTES } from '@hr/contracts/routes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { approvalItems, employees, notificationPreferences, notifications, users } from '../db/schema';
import { delegatesOf } from './delegations';
import { isLanguage, pickName } from './language';
import { type ItemFacts, itemTitle, type NotificationTexts, notificationTexts } from './notification-texts';
import { officeToday } from './office-clock';
import { enqueueEmails, type OutgoingEmail } from './outbox';
import { NOTIFICATIONS_CHANNEL } from './realtime';

/** A request's status changed: who did it (and for whom), from which status to which. */
export interface TransitionNotice {
  kind: RecordKind;
  id: number;
  employeeId: number;
  lineManagerId: number | null;
  oneOverOneId: number | null;
  action: string;
  fromStatus: number;
  toStatus: number;
  actorEmployeeId: number;
  /** The person the actor decided for (a delegator, or the decider of an escalated item). */
  onBehalfOfEmployeeId: number | null;
}

/** One event for some people, about one item (or none: a delegation). */
export interface Notice {
  recipients: readonly number[];
  event: NotificationEvent;
  module: ApprovalModule | null;
  recordId: number | null;
  /** Who caused it; null when the portal itself did (a reminder). Never told of it themselves. */
  actorEmployeeId: number | null;
  onBehalfOfEmployeeId?: number | null;
  /** Facts the texts need: a decision's `action`; a delegation's days, `from` and `to` (YYYY-MM-DD). */
  data?: Record<string, unknown>;
}

/** One event for each of some people, each about their own item (the reviews a cycle opened). */
export interface NoticeEach {
  items: readonly { employeeId: number; recordId: number }[];
  event: NotificationEvent;
  module: ApprovalModule;
  actorEmployeeId: number | null;
  onBehalfOfEmployeeId?: number | null;
  data?: Record<string, unknown>;
}

interface Addressed {
  employeeId: number;
  event: NotificationEvent;
  recordId: number | null;
}

interface Batch {
  module: ApprovalModule | null;
  actorEmployeeId: number | null;
  onBehalfOfEmployeeId: number | null;
  data: Record<string, unknown>;
  to: Addressed[];
}

/**
 * The portal's public address, the base of the links in e-mails (the
 * configuration's PUBLIC_URL): set once when the app is built, read by
 * whatever notifies, in a request or a job.
 */
let origin = 'http://localhost:3000';
export function setNotificationOrigin(publicUrl: string): void {
  origin = publicUrl.replace(/\/+$/, '');
}

/** The full address of a notification's item, for e-mails. */
export function itemUrl(
  event: NotificationEvent,
  module: ApprovalModule | null,
  recordId: number | null,
): string {
  return `${origin}${notificationLink(event, module, recordId)}`;
}

/** The full address of the page where a person chooses how they are told. */
export function preferencesUrl(): string {
  return `${origin}${ROUTES.notifications}`;
}

/**
 * Tells people of an event (DESIGN.md §11), inside the caller's transaction:
 * a row per person as their preference for the event says (none: no row;
 * in the portal; by e-mail, at once or in their daily digest), the live
 * bells of every API process, and e-mails through the outbox in each
 * person's language. The actor is never told of their own action.
 */
export async function notify(tx: Db, notice: Notice): Promise<void> {
  await deliver(tx, {
    module: notice.module,
    actorEmployeeId: notice.actorEmployeeId,
    onBehalfOfEmployeeId: notice.onBehalfOfEmployeeId ?? null,
    data: notice.data ?? {},
    to: notice.recipients.map((employeeId) => ({
      employeeId,
      event: notice.event,
      recordId: notice.recordId,
    })),
  });
}

/** `notify` for many people at once, each about their own item, in the same few statements whatever their number. */
export async function notifyEach(tx: Db, notice: NoticeEach): Promise<void> {
  await deliver(tx, {
    module: notice.module,
    actorEmployeeId: notice.actorEmployeeId,
    onBehalfOfEmployeeId: notice.onBehalfOfEmployeeId ?? null,
    data: notice.data ?? {},
    to: notice.items.map((i) => ({ employeeId: i.employeeId, event: notice.event, recordId: i.recordId })),
  });
}

/**
 * Tells the people a request's change concerns, in the changing transaction:
 * its owner that someone else decided it (`decided`: approved, sent back,
 * rejected, cancelled, done), and the deciders of the status it now waits in
 * (`waiting`: its stored line manager or O&O, or every HR administrator, as
 * the module's workflow table says; and whoever stands in for the line
 * manager or O&O by a delegation in force today). A send-back that goes to
 * a decider (an EPR the O&O returns to the line manager) tells that decider,
 * not the owner. Nobody is told of their own action, and the owner never
 * waits for their own decision.
 */
export async function notifyTransition(tx: Db, n: TransitionNotice): Promise<void> {
  const module = APPROVAL_MODULE_OF[n.kind];
  const workflow = APPROVAL_WORKFLOWS[module];
  const transition = workflow.find(
    (t) => t.action === n.action && t.from.includes(n.fromStatus) && t.to === n.toStatus,
  );
  const waiting = waitingStatuses(workflow);
  const deciders = DECIDERS.filter((d) => waiting[d].includes(n.toStatus));
  const to: Addressed[] = [];

  const ownersAction = transition?.actors.includes('owner') ?? false;
  const toADecider = n.action === 'update-requested' && deciders.length > 0;
  if (!ownersAction && !toADecider) to.push({ employeeId: n.employeeId, event: 'decided', recordId: n.id });

  const named: number[] = [];
  if (deciders.includes('line_manager') && n.lineManagerId !== null) named.push(n.lineManagerId);
  if (deciders.includes('one_over_one') && n.oneOverOneId !== null) named.push(n.oneOverOneId);
  const waitingFor = [...named];
  if (deciders.includes('admin')) waitingFor.push(...(await administrators(tx)));
  if (named.length > 0)
    for (const delegates of (await delegatesOf(tx, named, module, officeToday())).values())
      waitingFor.push(...delegates);
  for (const employeeId of waitingFor)
    if (employeeId !== n.employeeId) to.push({ employeeId, event: 'waiting', recordId: n.id });

  await deliver(tx, {
    module,
    actorEmployeeId: n.actorEmployeeId,
    onBehalfOfEmployeeId: n.onBehalfOfEmployeeId,
    data: { action: n.action, from_status: n.fromStatus, to_status: n.toStatus },
    to,
  });
}

/** Every HR administrator who can sign in. */
async function administrators(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: users.employeeId })
    .from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .where(and(eq(users.isAdmin, true), eq(employees.enabled, true)));
  return rows.map((r) => r.id);
}

const intArray = (values: readonly (number | null)[]) => sql`${sql.param(values)}::int[]`;
const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

interface Written {
  id: number;
  employee_id: number;
  event: NotificationEvent;
  record_id: number | null;
  mail_now: boolean;
  email: string | null;
  language: string | null;
}

/**
 * Writes the rows of a batch and sends what goes at once, in the caller's
 * transaction. One statement reads each recipient's preference for the
 * event, inserts the rows it asks for, announces each person's new unread
 * count on the realtime channel (`pg_notify` leaves with the commit) and
 * answers the e-mails to send now (the person's address and language); a
 * second reads the items' titles for those e-mails and a third queues them.
 */
async function deliver(tx: Db, batch: Batch): Promise<void> {
  const seen = new Set<string>();
  const to = batch.to.filter((a) => {
    const key = `${a.employeeId}:${a.event}:${a.recordId}`;
    if (a.employeeId === batch.actorEmployeeId || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (to.length === 0) return;
  const n = notifications;
  const p = notificationPreferences;
  const result = await tx.execute(sql`
    with wanted as (
      select r.employee_id, r.event, r.record_id,
             coalesce(${p.channels} ->> r.event, 'both') as channel,
             coalesce(${p.dailyDigest}, false) as digest
        from unnest(${intArray(to.map((a) => a.employeeId))}, ${textArray(to.map((a) => a.event))},
                    ${intArray(to.map((a) => a.recordId))}) as r(employee_id, event, record_id)
        join ${employees} e on e.id = r.employee_id and e.enabled
        left join ${p} on ${p.employeeId} = r.employee_id
    ), added as (
      insert into ${n} (employee_id, event, module, record_id, actor_employee_id, on_behalf_of_employee_id,
                        data, in_app, email_pending)
      select w.employee_id, w.event, ${batch.module}::text, w.record_id, ${batch.actorEmployeeId}::int,
             ${batch.onBehalfOfEmployeeId}::int, ${JSON.stringify(batch.data)}::jsonb,
             w.channel in ('in_app', 'both'), w.channel in ('email', 'both') and w.digest
        from wanted w
       where w.channel <> 'none'
      returning id, employee_id, event, record_id, in_app, email_pending
    )
    select a.id, a.employee_id, a.event, a.record_id,
           (w.channel in ('email', 'both') and not w.digest) as mail_now,
           e.email, u.language,
           -- each reader's bells, on every process, once this commits
           case when a.in_app
                then pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('employee_id', a.employee_id)::text)
           end as announced
      from added a
      join wanted w on w.employee_id = a.employee_id and w.event = a.event
                   and w.record_id is not distinct from a.record_id
      join ${employees} e on e.id = a.employee_id
      left join ${users} u on u.employee_id = a.employee_id`);
  const mails = rowsOf<Written>(result).filter((r) => r.mail_now && r.email);
  if (mails.length === 0) return;
  const items = await itemsOf(
    tx,
    batch.module,
    mails.map((m) => m.record_id),
  );
  await enqueueEmails(
    tx,
    mails.map((m) => {
      const language: Language = isLanguage(m.language) ? m.language : 'en';
      const item = m.record_id === null ? null : items.get(m.record_id);
      return notificationEmail(language, {
        employeeId: m.employee_id,
        email: m.email!,
        event: m.event,
        module: batch.module,
        recordId: m.record_id,
        item: item ? localItem(item, language) : null,
        data: batch.data,
      });
    }),
  );
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: unknown }).rows ?? []) as T[];
}

/** An item as the view `approval_items` has it, its subject with every translation. */
export interface StoredItem {
  id: number;
  employeeId: number;
  subject: string;
  subjectTranslations: Partial<Record<Language, string>>;
  fromDate: string | null;
  toDate: string | null;
}

/** The items of a module by id (for the titles of e-mails), in one statement. */
export async function itemsOf(
  db: Db,
  module: ApprovalModule | null,
  ids: readonly (number | null)[],
): Promise<Map<number, StoredItem>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (module === null || wanted.length === 0) return new Map();
  const v = approvalItems;
  const rows = await db
    .select({
      id: v.id,
      employeeId: v.employeeId,
      subject: v.subject,
      subjectTranslations: v.subjectTranslations,
      fromDate: v.fromDate,
      toDate: v.toDate,
    })
    .from(v)
    .where(and(eq(v.module, module), inArray(v.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** An item's title facts in a language (its subject translated where HR translated it). */
export function localItem(item: StoredItem, language: Language): ItemFacts {
  return {
    subject: pickName(item.subject, item.subjectTranslations, language),
    fromDate: item.fromDate,
    toDate: item.toDate,
  };
}

/** What one e-mail of a notification needs. */
export interface EmailFacts {
  employeeId: number;
  email: string;
  event: NotificationEvent;
  module: ApprovalModule | null;
  recordId: number | null;
  item: ItemFacts | null;
  data: Record<string, unknown>;
}

/**
 * One notification as an e-mail in the reader's language: the event and the
 * item's title in the subject, the event's line, the title and the item's
 * link in the body, and nothing more personal (nobody's name, no reason, no
 * rating), with where to change what the portal e-mails.
 */
export function notificationEmail(language: Language, f: EmailFacts): OutgoingEmail {
  const texts = notificationTexts(language);
  const title = itemTitle(language, f.module, f.recordId, f.item, f.data);
  const facts = { event: f.event, module: f.module, title, action: f.data.action };
  const body = [
    texts.t('mail.hello'),
    '',
    texts.line(facts),
    title,
    '',
    // Each link on a line of its own, as mail readers find it.
    texts.t('mail.open'),
    itemUrl(f.event, f.module, f.recordId),
    '',
    ...mailFooter(texts),
  ].join('\n');
  return {
    recipient: f.email,
    subject: texts.subject(facts),
    body,
    topic: 'notification',
    employeeId: f.employeeId,
  };
}

/** The end of every notification e-mail: who sent it, and where to choose what it sends. */
export function mailFooter(texts: NotificationTexts): string[] {
  return ['--', texts.t('mail.signature'), texts.t('mail.settings'), preferencesUrl()];
}

/** The most items one digest lists; the rest are on the notifications page. */
export const DIGEST_MAX_ITEMS = 50;

/**
 * A person's daily digest in their language: one line, title and link per
 * waiting notification (the newest beyond the first 50 are on the
 * notifications page), naming no one, as single e-mails do.
 */
export function digestEmail(
  language: Language,
  today: string,
  entries: readonly EmailFacts[],
): OutgoingEmail {
  const texts = notificationTexts(language);
  const lines = entries.slice(0, DIGEST_MAX_ITEMS).flatMap((f) => {
    const title = itemTitle(language, f.module, f.recordId, f.item, f.data);
    return [
      `• ${texts.line({ event: f.event, module: f.module, title, action: f.data.action })}`,
      `  ${title}`,
      `  ${itemUrl(f.event, f.module, f.recordId)}`,
      '',
    ];
  });
  const more = entries.length > DIGEST_MAX_ITEMS ? [texts.t('digest.more'), preferencesUrl(), ''] : [];
  const first = entries[0]!;
  return {
    recipient: first.email,
    subject: texts.t('digest.subject', { date: displayDay(today) }),
    body: [
      texts.t('mail.hello'),
      '',
      texts.t('digest.intro'),
      '',
      ...lines,
      ...more,
      ...mailFooter(texts),
    ].join('\n'),
    topic: 'notification-digest',
    employeeId: first.employeeId,
  };
}
