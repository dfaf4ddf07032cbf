// What bench/reminders.bench.mjs drives: the database, the outbox writer, the clock and the run.
export { createClock } from '../clock.js';
export { openDatabase } from '../db/database.js';
export { importFixtureFolder } from '../fixtures.js';
export { createMailer } from '../mail/mailer.js';
export { sendDueReminders } from './run.js';
export { createTexts } from '../texts.js';
