/** A person's shift, as their profile shows it. */
export { ShiftCard } from './components/ShiftCard';
