import type { Generated } from 'kysely';

/** Row types, one per table. Instants are epoch milliseconds so the database can compare them. */
export type UserRow = {
  id: Generated<number>;
  login: string;
  password_hash: string;
  activated: Generated<number>;
  name: string | null;
  language: Generated<string>;
  theme: Generated<string>;
  notify: Generated<number>;
  notify_on_missing_prediction: Generated<number>;
  notify_on_game_start: Generated<number>;
  notify_on_game_finished: Generated<number>;
  notify_on_game_change: Generated<number>;
  push_subscription: string | null;
  newsletter: Generated<number>;
  invitation_group_id: string | null;
  created_at: number;
  /** Reminder mails: null follows the push subscription (mail without one), 1 chosen, 0 off. */
  mail_reminders: number | null;
  /** When an activation or reset mail was last sent on request (the cooldown against mail floods). */
  link_mail_sent_at: number | null;
};

/** A login: it ends 365 days after `created_at`, or 90 days after `last_seen_at`. */
export type SessionRow = { token_hash: string; user_id: number; created_at: number; last_seen_at: number };

/** One-time tokens of mail links; `purpose` says which link. */
export type LinkTokenRow = { token_hash: string; user_id: number; purpose: string; expires_at: number };

export type TeamRow = { year: number; id: string; name: string };

export type GameRow = {
  id: Generated<number>;
  year: number;
  number: number;
  stage: string;
  group_name: string | null;
  kickoff: number;
  venue: string | null;
  home_team: string;
  away_team: string;
  status: string;
  home_goals: number | null;
  away_goals: number | null;
  /** The latest correction of a finished result (see changes/corrections.ts). */
  corrected_at: number | null;
  correction_reason: string | null;
  correction_source: string | null;
};

export type PredictionRow = { user_id: number; game_id: number; home_goals: number; away_goals: number; changed_at: number | null };

export type ChampionPickRow = { user_id: number; year: number; team: string };

export type GroupRow = {
  id: string;
  name: string;
  creator_id: number;
  year: number;
  max_players: number | null;
  point_configuration: string;
  created_at: number;
  /** nameKey of the name: a creator's group names are compared in it. */
  name_key: string | null;
};

/** `name_key` is nameKey of the name: a group's player names are unique in it. */
export type PlayerRow = { group_id: string; user_id: number; name: string; name_key: string | null; joined_at: number };

/**
 * Every payment attempt, kept after its group is gone: the provider's order id or purchase token,
 * what was bought for which group, and how it ended.
 */
export type PurchaseRow = {
  key: string;
  provider: string;
  provider_id: string;
  group_id: string;
  user_id: number;
  product_id: string;
  amount_cents: number;
  currency: string;
  status: 'created' | 'completed';
  transaction_id: string | null;
  failure: string | null;
  created_at: number;
  completed_at: number | null;
};

/** Keys the server made for itself on first start (the VAPID pair of web push). */
export type ServerKeyRow = { name: string; value: string };

/** Games whose missing-prediction push went out (once per game, across processes). */
export type PushReminderRow = { game_id: number; sent_at: number };

/** A game field set by hand through the admin API: result feeds leave it alone. */
export type GameOverrideRow = { game_id: number; field: string; reason: string | null; changed_at: number };

/** Every change of a game after import, with the fields before and after it (JSON). */
export type GameLogRow = {
  id: Generated<number>;
  game_id: number;
  at: number;
  source: string;
  reason: string | null;
  correction: number;
  before: string;
  after: string;
};

/** A corrected result's mails still to send: what they say (JSON), to the year's players with an id above `next_user_id`; held by a process until `claimed_until` (real ms). */
export type CorrectionMailRow = { id: Generated<number>; game_id: number; year: number; mail: string; next_user_id: number; claimed_until: number };

/** A group's point rules changed after other players had joined (JSON before and after). */
export type GroupRuleChangeRow = { id: Generated<number>; group_id: string; at: number; before: string; after: string };

/** The game days a player was reminded of by mail (once per day). */
export type ReminderMailRow = { user_id: number; day: string; sent_at: number };

export type Tables = {
  users: UserRow;
  sessions: SessionRow;
  link_tokens: LinkTokenRow;
  teams: TeamRow;
  games: GameRow;
  predictions: PredictionRow;
  champion_picks: ChampionPickRow;
  groups: GroupRow;
  players: PlayerRow;
  purchases: PurchaseRow;
  server_keys: ServerKeyRow;
  push_reminders: PushReminderRow;
  game_overrides: GameOverrideRow;
  game_log: GameLogRow;
  group_rule_changes: GroupRuleChangeRow;
  reminder_mails: ReminderMailRow;
  correction_mails: CorrectionMailRow;
};
