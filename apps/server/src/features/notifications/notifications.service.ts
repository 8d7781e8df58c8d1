import { displayDay } from '@hr/contracts/dates';
import type { Language } from '@hr/contracts/limits';
import {
  DEFAULT_CHANNEL,
  type MarkReadBody,
  type MarkReadResult,
  NOTIFICATION_EVENTS,
  type NotificationItem,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type NotificationsQuery,
  type NotificationsResponse,
  notificationLink,
  type UnreadCount,
} from '@hr/contracts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import type { StreamSink } from '../../lib/event-stream';
import { runJob } from '../../lib/jobs';
import { isLanguage, pickName, requestLanguage } from '../../lib/language';
import { listPage } from '../../lib/list';
import { itemTitle, notificationTexts } from '../../lib/notification-texts';
import { digestEmail, type EmailFacts } from '../../lib/notifications';
import { officeNow, officeToday } from '../../lib/office-clock';
import { enqueueEmails, type OutgoingEmail } from '../../lib/outbox';
import { personRef } from '../../lib/people';
import {
  NOTIFICATIONS_CHANNEL,
  type OpenStream,
  type RealtimeHub,
  realtimeSubscriber,
  type Subscriber,
} from '../../lib/realtime';
import {
  type NotificationRow,
  type PendingRow,
  notificationsRepository as repo,
  type StoredPreferences,
} from './notifications.repository';

/** People whose digests one transaction sends (the job goes on with the next ones). */
const DIGEST_BATCH = 500;

const day = (value: unknown) => (typeof value === 'string' && value ? displayDay(value) : null);

/**
 * Notifications (DESIGN.md §11): the rows lib/notifications.ts writes, read
 * by their reader in their language (the text is drawn when read), marked
 * read, counted live for the bell, the reader's choices per event, and the
 * daily digest of the e-mails that wait for it.
 */
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly hub: RealtimeHub,
  ) {}

  private toItem(row: NotificationRow, language: Language): NotificationItem {
    const data = row.data ?? {};
    const title = itemTitle(
      language,
      row.module,
      row.recordId,
      { subject: row.subject, fromDate: row.fromDate, toDate: row.toDate },
      data,
    );
    const actor = personRef(this.secret, row.actor);
    const onBehalfOf = personRef(this.secret, row.onBehalfOf);
    return {
      id: row.id,
      event: row.event,
      module: row.module,
      record_id: row.recordId,
      title,
      text: notificationTexts(language).text({
        event: row.event,
        module: row.module,
        title,
        action: data.action,
        actorName: actor?.name ?? null,
        onBehalfOfName: onBehalfOf?.name ?? null,
        ownerName: row.ownerName,
        from: day(data.from),
        to: day(data.to),
      }),
      actor,
      on_behalf_of: onBehalfOf,
      link: notificationLink(row.event, row.module, row.recordId),
      read: row.readAt !== null,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** The caller's notifications, newest first, on the one list path; with their unread count. */
  async list(auth: AuthContext, q: NotificationsQuery, url: string): Promise<NotificationsResponse> {
    const language = requestLanguage();
    let unread: number | null = null;
    const page = await listPage(this.db, url, q, {
      ...repo.list(auth.employeeId, q.unread === true),
      map: (row) => {
        unread = row.unread;
        return this.toItem(row, language);
      },
    });
    // An empty page carries no count: none at all on the first page, else counted.
    unread ??= q.page === 1 && q.unread !== true ? 0 : await repo.unreadCount(this.db, auth.employeeId);
    return { ...page, unread };
  }

  async unread(auth: AuthContext): Promise<UnreadCount> {
    return { unread: await repo.unreadCount(this.db, auth.employeeId) };
  }

  /** Who a realtime token is for (lib/realtime.ts): the bell's stream belongs to that session. */
  subscriber(token: string | undefined): Promise<Subscriber> {
    return realtimeSubscriber(this.db, this.secret, token);
  }

  /** Marks the caller's own notifications read (the named ones, or all); their bells hear of it. */
  async markRead(auth: AuthContext, body: MarkReadBody): Promise<MarkReadResult> {
    return this.db.transaction(async (tx) => {
      const marked = await repo.markRead(tx, auth.employeeId, body.all ? null : (body.ids ?? []));
      if (marked > 0) await repo.announce(tx, auth.employeeId);
      return { marked, unread: await repo.unreadCount(tx, auth.employeeId) };
    });
  }

  private preferencesAnswer(stored: StoredPreferences | null): NotificationPreferences {
    const channels = Object.fromEntries(
      NOTIFICATION_EVENTS.map((e) => [e, stored?.channels[e] ?? DEFAULT_CHANNEL]),
    ) as NotificationPreferences['channels'];
    return { channels, daily_digest: stored?.dailyDigest ?? false };
  }

  async preferences(auth: AuthContext): Promise<NotificationPreferences> {
    return this.preferencesAnswer(await repo.preferences(this.db, auth.employeeId));
  }

  async updatePreferences(
    auth: AuthContext,
    body: NotificationPreferencesPatch,
  ): Promise<NotificationPreferences> {
    const saved = await repo.savePreferences(
      this.db,
      auth.employeeId,
      body.channels ?? {},
      body.daily_digest,
    );
    return this.preferencesAnswer(saved);
  }

  /**
   * Follows a person's unread count for their bell: sends it at once, then
   * again whenever it changes (a new notification, some marked read, on any
   * process). Listening starts before the first count is read, so nothing
   * falls between; a change while a count is being read reads it once more.
   */
  async follow(stream: OpenStream, sink: StreamSink): Promise<() => void> {
    let last = -1;
    let reading = false;
    let again = false;
    let stopped = false;
    const send = (unread: number) => {
      if (stopped || unread === last) return;
      last = unread;
      sink.send({ event: 'unread', data: { unread } });
    };
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          send(await repo.unreadCount(this.db, stream.employeeId));
        } while (again && !stopped);
      } catch {
        // A failed read loses this change only: the next one, or the client's reconnect, reads it again.
      } finally {
        reading = false;
      }
    };
    const stop = this.hub.subscribe(NOTIFICATIONS_CHANNEL, (message) => {
      if (message.employee_id === stream.employeeId && !stopped) void read();
    });
    try {
      send(await repo.unreadCount(this.db, stream.employeeId));
    } catch (err) {
      stop();
      throw err;
    }
    return () => {
      stopped = true;
      stop();
    };
  }
}

/** The office's hour from which a day's digests go (7:00). */
export const DIGEST_HOUR = 7;
/** How often the schedule looks whether digests are due. */
const DIGEST_CHECK_MS = 10 * 60_000;

/**
 * The daily digests and their schedule: every ten minutes from 7:00 on the
 * office's clock, the day's digests not sent yet are sent. Every API process
 * runs the schedule; one at a time sends (see `send`).
 */
export class NotificationDigests {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    /** Tells the outbox dispatcher that messages wait. */
    private readonly onMessageQueued: () => void = () => {},
    private readonly log?: FastifyBaseLogger,
  ) {}

  start(everyMs = DIGEST_CHECK_MS): void {
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
    this.tick();
  }

  /** Sends the day's digests when it is time (and no run is under way). */
  tick(now: Date = new Date()): void {
    if (this.running || Number(officeNow(now).slice(11, 13)) < DIGEST_HOUR) return;
    this.running = runJob('notification_digests', () => this.send(officeToday(now)))
      .then((queued) => {
        if (queued > 0) this.log?.info(`notifications: ${queued} daily digest(s) queued`);
      })
      .catch((err) => this.log?.error({ err }, 'daily digests failed'))
      .finally(() => {
        this.running = null;
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * The daily digest (docs/decisions.md, "Notifications"): for each person
   * with e-mails waiting who has not had a digest on the office's `today`,
   * one e-mail in their language with every waiting item; their rows then
   * wait no more and `today` is their digest's day. One process at a time
   * (a transaction-scoped advisory lock; another process finding it taken
   * does nothing), in batches of people, each batch one transaction:
   * running it again the same day sends nothing. Answers the e-mails queued.
   */
  async send(today: string = officeToday()): Promise<number> {
    let queued = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        if (!(await repo.lockDigests(tx))) return null;
        const rows = await repo.pending(tx, today, DIGEST_BATCH);
        const byPerson = new Map<number, PendingRow[]>();
        for (const r of rows) byPerson.set(r.employee_id, [...(byPerson.get(r.employee_id) ?? []), r]);
        const emails: OutgoingEmail[] = [];
        for (const [employeeId, mine] of byPerson) {
          const first = mine[0]!;
          if (!first.email) continue;
          const language: Language = isLanguage(first.language) ? first.language : 'en';
          emails.push(
            digestEmail(
              language,
              today,
              mine.map((r) => entryOf(r, employeeId, language)),
            ),
          );
        }
        await enqueueEmails(tx, emails);
        await repo.digestsSent(tx, [...byPerson.keys()], today);
        return { people: byPerson.size, emails: emails.length };
      });
      // Another process is sending them.
      if (!batch) break;
      queued += batch.emails;
      if (batch.people < DIGEST_BATCH) break;
    }
    if (queued > 0) this.onMessageQueued();
    return queued;
  }
}

/** A waiting row as a line of its reader's digest. */
function entryOf(r: PendingRow, employeeId: number, language: Language): EmailFacts {
  return {
    employeeId,
    email: r.email ?? '',
    event: r.event,
    module: r.module,
    recordId: r.record_id,
    item: {
      subject: r.subject === null ? null : pickName(r.subject, r.subject_translations, language),
      fromDate: r.from_date,
      toDate: r.to_date,
    },
    data: r.data ?? {},
  };
}
