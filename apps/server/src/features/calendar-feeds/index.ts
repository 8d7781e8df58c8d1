/** Calendar feeds: secret iCalendar URLs of one's own leave and remote work, and of one's team's. */

export { calendarFeedsRoutes } from './calendar-feeds.routes';
