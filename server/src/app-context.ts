import type { Config } from './config';
import type { Database, Listen } from './db/database';
import type { LoginThrottle } from './platform/auth/login-throttle';
import type { SessionCache } from './platform/auth/session-cache';
import type { TokenService } from './platform/auth/tokens';
import type { Mailer } from './platform/mail';
import type { SmsSender } from './platform/sms';

/** What every module is given when it registers: built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenService;
  loginThrottle: LoginThrottle;
  mailer: Mailer;
  /** Text messages: through Twilio when configured, else kept in the outbox. */
  sms: SmsSender;
  /** The sessions this instance has checked (the access hook reads it; logout forgets at once). */
  sessions: SessionCache;
  /** The database's LISTEN, for modules that follow its announcements (absent: they do without). */
  listen?: Listen;
  /**
   * The clock of rules that depend on the day (check-in on the visit's own day); absent, the machine's.
   * Tests move it to a visit's day instead of booking visits in the past.
   */
  now?: () => Date;
}
