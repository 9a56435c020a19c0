/**
 * What every module is given: the configuration and the shared services. Its own file so that the
 * route files can name it without importing app.ts, which imports them (no import cycle).
 */
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { TokenService } from './modules/auth/auth.tokens';
import type { Mailer } from './platform/mail/dispatcher';
import type { RateLimiter } from './platform/rate-limit';
import type { Realtime } from './platform/realtime/notifications';

export interface ModuleContext {
  config: Config;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  tokens: TokenService;
  rateLimiter: RateLimiter;
  /** Live events between processes (LISTEN/NOTIFY). */
  realtime: Realtime;
  /** Sends the outbox over SMTP when configured; mail committed to the outbox is sent by itself. */
  mailer: Mailer;
}
