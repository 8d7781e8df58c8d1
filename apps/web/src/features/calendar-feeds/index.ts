/** What other features use of the calendar feeds: the button that opens them. */
export { CalendarFeedsButton } from './components/CalendarFeedsButton';
