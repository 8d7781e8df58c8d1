import type { CalendarFeedScope, CalendarFeeds } from '@hr/contracts/leave-policies';
import type { Language } from '@hr/contracts/limits';
import { mayRead, type Standing } from '@hr/contracts/privacy';
import { REQUEST_STATUS } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import ical, { ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import type { Db } from '../../db/client';
import { type AuthContext, asSomeoneElse } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { inLanguage, isLanguage } from '../../lib/language';
import { officeToday } from '../../lib/office-clock';
import { newToken, sha256 } from '../../lib/tokens';
import { feedText } from './calendar-feed-texts';
import {
  type FeedEventRow,
  type FeedOwner,
  calendarFeedsRepository as repo,
} from './calendar-feeds.repository';

/** A feed's secret in its URL: 32 random bytes, base64url (lib/tokens.ts), then `.ics`. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** How far back a feed reaches: a year of past leave is plenty for a calendar program. */
const PAST_DAYS = 366;

/** How often a calendar program is asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 3600;

/** How the feed's owner stands to the person of an event (lib/privacy.ts's standings). */
function standingOf(ownerId: number, e: FeedEventRow): Standing {
  if (e.employeeId === ownerId) return 'self';
  if (e.parentId === ownerId) return 'line_manager';
  if (e.grandParentId === ownerId) return 'one_over_one';
  return 'other';
}

/** A day (YYYY-MM-DD) as the UTC midnight an all-day date is written from. */
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
/** A wall-clock time on the office's clock (the process's time zone, lib/office-clock.ts) as an instant. */
const officeMoment = (date: string, time: string) => new Date(`${date}T${time.slice(0, 8).padEnd(8, ':00')}`);

/** A feed's answer: the iCalendar text. */
export interface FeedFile {
  body: string;
}

/**
 * Calendar feeds (docs/decisions.md, "Calendar feeds"): secret URLs a
 * calendar program subscribes to, without a session. Each person has their
 * own feed, and a manager a team feed. A URL's secret is 32 random bytes of
 * which only the SHA-256 is stored: the URL is in the answer that made it
 * and in no other, and a new one replaces the old, which stops working.
 */
export class CalendarFeedsService {
  constructor(
    private readonly db: Db,
    /** The portal's public address, which feed URLs and event UIDs start from. */
    private readonly publicUrl: string,
  ) {}

  private url(token: string) {
    return `${this.publicUrl}/api/v1/calendar/feeds/${token}.ics`;
  }

  /**
   * The caller's feeds. The first call makes them (the team feed for people
   * with at least one report) and answers their URLs; later calls answer
   * when they were made, without URLs. Signed in as someone else, none is made.
   */
  async feeds(auth: AuthContext): Promise<CalendarFeeds> {
    const state = await repo.state(this.db, auth.employeeId);
    const created = (scope: CalendarFeedScope) => state.feeds.find((f) => f.scope === scope)?.created ?? null;
    const answer: CalendarFeeds = {
      url: null,
      team_url: null,
      created: created('own')?.toISOString() ?? null,
      team: state.hasReports,
      team_created: state.hasReports ? (created('team')?.toISOString() ?? null) : null,
    };
    if (asSomeoneElse(auth)) return answer;
    for (const scope of state.hasReports ? (['own', 'team'] as const) : (['own'] as const)) {
      if (created(scope)) continue;
      const token = newToken();
      const made = await repo.insertIfMissing(this.db, auth.employeeId, scope, sha256(token));
      // Made meanwhile by another call: that call answered its URL.
      if (!made) continue;
      if (scope === 'own') Object.assign(answer, { url: this.url(token), created: made.toISOString() });
      else Object.assign(answer, { team_url: this.url(token), team_created: made.toISOString() });
    }
    return answer;
  }

  /** A new URL for one of the caller's feeds; the old one stops working at once. */
  async regenerate(auth: AuthContext, scope: CalendarFeedScope): Promise<CalendarFeeds> {
    if (asSomeoneElse(auth)) throw domainError('impersonation_no_feed');
    const state = await repo.state(this.db, auth.employeeId);
    if (scope === 'team' && !state.hasReports) throw domainError('calendar_feed_team_forbidden', {}, 'scope');
    const token = newToken();
    const made = await repo.replace(this.db, auth.employeeId, scope, sha256(token));
    const created = (s: CalendarFeedScope) =>
      s === scope
        ? made.toISOString()
        : (state.feeds.find((f) => f.scope === s)?.created.toISOString() ?? null);
    return {
      url: scope === 'own' ? this.url(token) : null,
      team_url: scope === 'team' ? this.url(token) : null,
      created: created('own'),
      team: state.hasReports,
      team_created: state.hasReports ? created('team') : null,
    };
  }

  /**
   * The iCalendar text of the feed a URL's file names (`<secret>.ics`), in
   * two statements: the feed and its owner, then its events. An unknown or
   * replaced secret, or a disabled owner, is a 404.
   */
  async feed(file: string): Promise<FeedFile> {
    const token = FEED_FILE.exec(file)?.[1];
    const owner = token ? await repo.byHash(this.db, sha256(token)) : null;
    if (!owner?.enabled) throw domainError('calendar_feed_unknown');
    const language: Language = isLanguage(owner.language) ? owner.language : 'en';
    return inLanguage(language, async () => {
      const since = dayjs(officeToday()).subtract(PAST_DAYS, 'day').format('YYYY-MM-DD');
      const events = await repo.events(this.db, owner.employeeId, owner.scope, since);
      return { body: this.write(owner, language, events) };
    });
  }

  private write(owner: FeedOwner, language: Language, events: FeedEventRow[]): string {
    const host = new URL(this.publicUrl).host;
    const team = owner.scope === 'team';
    const calendar = ical({
      name: feedText(language, team ? 'team' : 'own', { name: owner.name }),
      prodId: { company: 'HR Portal', product: 'Leave calendar', language: language.toUpperCase() },
      ttl: REFRESH_SECONDS,
    });
    for (const e of events) {
      // The type is personal data (DESIGN.md §9): the feed names it where its owner may read it.
      const seesType = mayRead(standingOf(owner.employeeId, e), false, 'personal');
      const what =
        e.kind === 'leave'
          ? seesType
            ? e.typeName
            : feedText(language, 'onLeave')
          : seesType
            ? feedText(language, 'remoteWorkOf', { type: e.typeName })
            : feedText(language, 'remoteWork');
      const named = team ? feedText(language, 'personOf', { name: e.name, what }) : what;
      const pending = e.statusId === REQUEST_STATUS.submitted;
      const timed = e.fromTime !== null && e.toTime !== null;
      calendar.createEvent({
        id: `${e.kind === 'leave' ? 'leave' : 'remote-work'}-${e.id}@${host}`,
        summary: pending ? feedText(language, 'pending', { summary: named }) : named,
        allDay: !timed,
        start: timed ? officeMoment(e.fromDate, e.fromTime!) : utcDay(e.fromDate),
        // An all-day event ends on the day after its last (DTEND is exclusive).
        end: timed
          ? officeMoment(e.toDate, e.toTime!)
          : utcDay(dayjs(e.toDate).add(1, 'day').format('YYYY-MM-DD')),
        stamp: e.updatedAt,
        created: e.createdAt,
        lastModified: e.updatedAt,
        status: pending ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
        // One's own leave makes one busy; a colleague's leave, or working from elsewhere, does not.
        transparency:
          !team && e.kind === 'leave' ? ICalEventTransparency.OPAQUE : ICalEventTransparency.TRANSPARENT,
      });
    }
    return calendar.toString();
  }
}
