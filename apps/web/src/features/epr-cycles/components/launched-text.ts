import type { EprCycleLaunched } from '@hr/contracts/epr-cycles';
import type { TFunction } from 'i18next';

/** What a launch did, in words: the reviews made and taken in, or that there was nobody new. */
export function launchedText(t: TFunction, launch: EprCycleLaunched['launch']): string {
  if (launch.created === 0 && launch.adopted === 0) return t('eprCycles.launched.nothing');
  return t('eprCycles.launched.done', { created: launch.created, adopted: launch.adopted });
}
