import type { Config } from '../config';
import type { Db } from '../db/client';
import type { RealtimeHub } from '../lib/realtime';
import type { AuthService } from './auth';

/** What every feature's routes get: the database, the configuration and shared services. */
export interface FeatureDeps {
  db: Db;
  config: Config;
  /** The server secret, for signed URLs and tokens. */
  secret: string;
  authService: AuthService;
  /** New comments, announced to this process's open chat windows. */
  realtime: RealtimeHub;
  /** Tells the outbox dispatcher a message is waiting. */
  onMessageQueued: () => void;
}
