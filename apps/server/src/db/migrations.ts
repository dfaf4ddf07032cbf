import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { nameKey, normalizeLogin } from '@scorecast/rules';

export type Dialect = 'sqlite' | 'postgres';

// SQLite and PostgreSQL spell an auto-numbered key differently.
function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (column: ColumnDefinitionBuilder) => column.primaryKey())
    : table.addColumn('id', 'integer', (column: ColumnDefinitionBuilder) => column.primaryKey().autoIncrement());
}

// Frozen in time: a released migration is never edited, a change is a new one.
const migrationsFor = (dialect: Dialect): Record<string, Migration> => ({
  '2026-11-22T2200_initial': {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('login', 'varchar(254)', (column) => column.notNull().unique())
        .addColumn('password_hash', 'text', (column) => column.notNull())
        .addColumn('activated', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('name', 'text')
        .addColumn('language', 'varchar(8)', (column) => column.notNull().defaultTo('en'))
        .addColumn('theme', 'varchar(16)', (column) => column.notNull().defaultTo('Default'))
        .addColumn('notify', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('notify_on_missing_prediction', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('notify_on_game_start', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('notify_on_game_finished', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('notify_on_game_change', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('push_subscription', 'text')
        .addColumn('newsletter', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('invitation_group_id', 'text')
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('link_tokens')
        .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'varchar(32)', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('teams')
        .addColumn('year', 'integer', (column) => column.notNull())
        .addColumn('id', 'varchar(64)', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('teams_pk', ['year', 'id'])
        .execute();
      await withId(db.schema.createTable('games'), dialect)
        .addColumn('year', 'integer', (column) => column.notNull())
        .addColumn('number', 'integer', (column) => column.notNull())
        .addColumn('stage', 'varchar(16)', (column) => column.notNull())
        .addColumn('group_name', 'text')
        .addColumn('kickoff', 'bigint', (column) => column.notNull())
        .addColumn('venue', 'text')
        .addColumn('home_team', 'varchar(64)', (column) => column.notNull())
        .addColumn('away_team', 'varchar(64)', (column) => column.notNull())
        .addColumn('status', 'varchar(16)', (column) => column.notNull())
        .addColumn('home_goals', 'integer')
        .addColumn('away_goals', 'integer')
        .addUniqueConstraint('games_year_number', ['year', 'number'])
        .execute();
      await db.schema
        .createTable('predictions')
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('game_id', 'integer', (column) => column.notNull().references('games.id').onDelete('cascade'))
        .addColumn('home_goals', 'integer', (column) => column.notNull())
        .addColumn('away_goals', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('predictions_pk', ['user_id', 'game_id'])
        .execute();
      await db.schema.createIndex('predictions_game').on('predictions').column('game_id').execute();
      await db.schema
        .createTable('champion_picks')
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('year', 'integer', (column) => column.notNull())
        .addColumn('team', 'varchar(64)', (column) => column.notNull())
        .addPrimaryKeyConstraint('champion_picks_pk', ['user_id', 'year'])
        .execute();
      await db.schema
        .createTable('groups')
        .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('creator_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('year', 'integer', (column) => column.notNull())
        .addColumn('max_players', 'integer')
        .addColumn('point_configuration', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('players')
        .addColumn('group_id', 'varchar(64)', (column) => column.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('joined_at', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('players_pk', ['group_id', 'user_id'])
        .execute();
      await db.schema.createIndex('players_user').on('players').column('user_id').execute();
    },
  },
  '2026-11-22T2330_purchases': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('purchases')
        .addColumn('key', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('provider', 'varchar(16)', (column) => column.notNull())
        .addColumn('provider_id', 'text', (column) => column.notNull())
        .addColumn('group_id', 'varchar(64)', (column) => column.notNull())
        .addColumn('user_id', 'integer', (column) => column.notNull())
        .addColumn('product_id', 'varchar(64)', (column) => column.notNull())
        .addColumn('amount_cents', 'integer', (column) => column.notNull())
        .addColumn('currency', 'varchar(3)', (column) => column.notNull())
        .addColumn('status', 'varchar(16)', (column) => column.notNull())
        .addColumn('transaction_id', 'text')
        .addColumn('failure', 'text')
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('completed_at', 'bigint')
        .execute();
    },
  },
  '2026-11-23T0010_push_and_feeds': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('server_keys')
        .addColumn('name', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('value', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('push_reminders')
        .addColumn('game_id', 'integer', (column) => column.primaryKey().references('games.id').onDelete('cascade'))
        .addColumn('sent_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('game_overrides')
        .addColumn('game_id', 'integer', (column) => column.notNull().references('games.id').onDelete('cascade'))
        .addColumn('field', 'varchar(16)', (column) => column.notNull())
        .addColumn('reason', 'text')
        .addColumn('changed_at', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('game_overrides_pk', ['game_id', 'field'])
        .execute();
    },
  },
  '2026-11-25T0600_session_idle_and_player_names': {
    async up(db: Kysely<any>) {
      // Sessions end after 90 idle days: when each was last used.
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
      await db.updateTable('sessions').set((eb: any) => ({ last_seen_at: eb.ref('created_at') })).execute();
      // Player names become unique per group, case aside. Names that raced in twice before get a number.
      const players: { group_id: string; user_id: number; name: string }[] = await db
        .selectFrom('players')
        .select(['group_id', 'user_id', 'name'])
        .orderBy('group_id')
        .orderBy('joined_at')
        .orderBy('user_id')
        .execute();
      const taken = new Map<string, Set<string>>();
      for (const player of players) {
        const names = taken.get(player.group_id) ?? new Set<string>();
        taken.set(player.group_id, names);
        let name = player.name;
        for (let number = 2; names.has(name.toLowerCase()); number += 1) name = `${player.name.slice(0, 20)} ${number}`;
        names.add(name.toLowerCase());
        if (name !== player.name) {
          await db.updateTable('players').set({ name }).where('group_id', '=', player.group_id).where('user_id', '=', player.user_id).execute();
        }
      }
      await sql`CREATE UNIQUE INDEX players_group_name ON players (group_id, lower(name))`.execute(db);
    },
  },
  '2026-11-25T0630_change_log_and_reminders': {
    async up(db: Kysely<any>) {
      // When a prediction was last changed: shown beside it once its game has started.
      await db.schema.alterTable('predictions').addColumn('changed_at', 'bigint').execute();
      // The latest correction of a finished result, shown in the game row.
      await db.schema.alterTable('games').addColumn('corrected_at', 'bigint').execute();
      await db.schema.alterTable('games').addColumn('correction_reason', 'text').execute();
      await db.schema.alterTable('games').addColumn('correction_source', 'varchar(16)').execute();
      await withId(db.schema.createTable('game_log'), dialect)
        .addColumn('game_id', 'integer', (column) => column.notNull().references('games.id').onDelete('cascade'))
        .addColumn('at', 'bigint', (column) => column.notNull())
        .addColumn('source', 'varchar(16)', (column) => column.notNull())
        .addColumn('reason', 'text')
        .addColumn('correction', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('before', 'text', (column) => column.notNull())
        .addColumn('after', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('game_log_game').on('game_log').column('game_id').execute();
      await withId(db.schema.createTable('group_rule_changes'), dialect)
        .addColumn('group_id', 'varchar(64)', (column) => column.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('at', 'bigint', (column) => column.notNull())
        .addColumn('before', 'text', (column) => column.notNull())
        .addColumn('after', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('group_rule_changes_group').on('group_rule_changes').column('group_id').execute();
      // Reminder mails: null follows the push subscription (mail without one), 1 chosen, 0 off.
      await db.schema.alterTable('users').addColumn('mail_reminders', 'integer').execute();
      await db.schema
        .createTable('reminder_mails')
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'varchar(10)', (column) => column.notNull())
        .addColumn('sent_at', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('reminder_mails_pk', ['user_id', 'day'])
        .execute();
    },
  },
  '2026-11-25T1030_link_mail_cooldown': {
    async up(db: Kysely<any>) {
      // When an activation or reset mail was last sent on request: one per address per cooldown.
      await db.schema.alterTable('users').addColumn('link_mail_sent_at', 'bigint').execute();
    },
  },
  '2026-11-25T1300_finished_games_have_goals': {
    async up(db: Kysely<any>) {
      // A Finished game has a result from now on; one stored without both goals was not over.
      await db.updateTable('games').set({ status: 'Live' }).where('status', '=', 'Finished').where((row) => row.or([row('home_goals', 'is', null), row('away_goals', 'is', null)])).execute();
    },
  },
  '2026-11-27T0400_correction_mails': {
    async up(db: Kysely<any>) {
      // A corrected result's mails still to send, written with the correction: a process that stops
      // before they are all out leaves them to the next run. Mailed up to the user id `next_user_id`.
      await withId(db.schema.createTable('correction_mails'), dialect)
        .addColumn('game_id', 'integer', (column) => column.notNull().references('games.id').onDelete('cascade'))
        .addColumn('year', 'integer', (column) => column.notNull())
        .addColumn('mail', 'text', (column) => column.notNull())
        .addColumn('next_user_id', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('claimed_until', 'bigint', (column) => column.notNull().defaultTo(0))
        .execute();
    },
  },
  '2026-11-27T1000_name_keys': {
    async up(db: Kysely<any>) {
      // Names are compared by nameKey (Unicode case aside) on both databases: SQLite's lower() folds
      // A to Z only, so Äsa and äsa could share a group there (and then not be copied to PostgreSQL).
      await db.schema.alterTable('players').addColumn('name_key', 'text').execute();
      await db.schema.alterTable('groups').addColumn('name_key', 'text').execute();
      const players: { group_id: string; user_id: number; name: string }[] = await db
        .selectFrom('players')
        .select(['group_id', 'user_id', 'name'])
        .orderBy('group_id')
        .orderBy('joined_at')
        .orderBy('user_id')
        .execute();
      const taken = new Map<string, Set<string>>();
      for (const player of players) {
        const keys = taken.get(player.group_id) ?? new Set<string>();
        taken.set(player.group_id, keys);
        // A name that is another's with other case gets a number, as the names raced in twice did.
        let name = player.name;
        for (let number = 2; keys.has(nameKey(name)); number += 1) name = `${player.name.slice(0, 20)} ${number}`;
        keys.add(nameKey(name));
        await db.updateTable('players').set({ name, name_key: nameKey(name) }).where('group_id', '=', player.group_id).where('user_id', '=', player.user_id).execute();
      }
      const groups: { id: string; name: string }[] = await db.selectFrom('groups').select(['id', 'name']).execute();
      for (const group of groups) await db.updateTable('groups').set({ name_key: nameKey(group.name) }).where('id', '=', group.id).execute();
      await sql`DROP INDEX players_group_name`.execute(db);
      await db.schema.createIndex('players_group_name_key').unique().on('players').columns(['group_id', 'name_key']).execute();
    },
  },
  '2026-11-28T0900_logins_in_one_form': {
    async up(db: Kysely<any>) {
      // Logins are written in one form (normalizeLogin: compatibility form, the domain in ASCII) and
      // asked for in it: one stored otherwise is written anew, or it could not log in. Of two that
      // are one address, the one stored in that form keeps it, else the older one.
      const users: { id: number; login: string }[] = await db.selectFrom('users').select(['id', 'login']).orderBy('id').execute();
      const taken = new Set(users.map((user) => user.login));
      for (const user of users) {
        const login = normalizeLogin(user.login);
        if (taken.has(login)) continue;
        taken.add(login);
        await db.updateTable('users').set({ login }).where('id', '=', user.id).execute();
      }
    },
  },
  '2026-11-28T1200_link_tokens_by_user': {
    async up(db: Kysely<any>) {
      // A user's links are voided together (a password change, a newer reset mail): found by user, not by a scan of every link.
      await db.schema.createIndex('link_tokens_user').on('link_tokens').column('user_id').execute();
    },
  },
});

/** Brings a database to the newest schema; throws when a migration fails. */
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('a migration failed', { cause: error });
}
