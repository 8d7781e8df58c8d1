/** The query keys of the calendar feeds. */
export const calendarFeedKeys = {
  all: ['calendar-feeds'] as const,
};
