/** What other features read of reviews: their query keys (a review cycle's changes refresh the lists). */
export { eprKeys } from './keys';
