/** Notifications: the header's bell (the page loads on its own route). */
export { NotificationBell } from './components/NotificationBell';
