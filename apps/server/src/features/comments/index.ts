/** Comments of KPI sheets (later EPRs) and their realtime channel. */
import { registerPersonalData } from '../../lib/personal-data';
import { commentsPersonalData } from './personal-data.repository';

export { commentRoutes } from './comments.routes';

registerPersonalData(commentsPersonalData);
