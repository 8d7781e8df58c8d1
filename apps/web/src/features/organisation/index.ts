/** The organisation's reference lists other features offer (development areas in a review's plan). */
export { useDevelopmentAreas } from './api';
