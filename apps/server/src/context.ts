import type { ErrorLogger } from './logging.js';
import type { Clock } from './clock.js';
import type { Db } from './db/database.js';
import type { Dialect } from './db/migrations.js';
import type { ServerEventBus } from './events.js';
import type { CrossProcessRelay } from './live/crossProcess.js';
import type { Mailer } from './mail/mailer.js';
import type { PaymentConfig } from './payments/config.js';
import type { PushEndpointPolicy } from './push/endpoint.js';
import type { GameList } from './reads/gameList.js';
import type { GroupAnswers } from './reads/groupAnswers.js';
import type { SessionCache } from './reads/sessionCache.js';
import type { Texts } from './texts.js';

/** What every route works with, injected by buildApp. */
export type ServerContext = {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer;
  /** The texts of mails, pushes and payment names, from the server's locale files. */
  texts: Texts;
  events: ServerEventBus;
  /** Where background work (mails, pushes) writes its failures: the server's logger. */
  log: ErrorLogger;
  publicUrl: string;
  adminToken: string;
  /** Requests per minute and address on login, register and reset. */
  authRateLimit: number;
  /** The server's version, for GET /api/version. */
  version: string;
  /** The payment providers; absent or empty: no payment options. */
  payments?: PaymentConfig | undefined;
  /** Web push: the VAPID public key browsers subscribe with; absent when push is off. */
  push?: { publicKey: string; endpoints: PushEndpointPolicy } | undefined;
  /** GET /api/games, serialized once per change of the games. */
  games: GameList;
  /** The live channel between processes (PostgreSQL): /readyz reports it while it does not listen. */
  crossProcess?: Pick<CrossProcessRelay, 'listening' | 'noticeIn'> | undefined;
  /** Sessions looked up lately; only where this process alone writes the database (SQLite). */
  sessions?: SessionCache | undefined;
  /** GET /api/groups answers derived lately; only where this process alone writes the database (SQLite). */
  groupAnswers?: GroupAnswers | undefined;
};
