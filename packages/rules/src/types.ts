/**
 * The four competitions, indexed by `year % 4`.
 * @example
 * COMPETITIONS[2024 % 4] // => 'EuropeanChampionship'
 */
export const COMPETITIONS = Object.freeze(['EuropeanChampionship', 'WomensEuropeanChampionship', 'WorldCup', 'WomensWorldCup'] as const);
/**
 * One of {@link COMPETITIONS}.
 * @example
 * const competition: Competition = competitionOf(2026);
 * competition // => 'WorldCup'
 */
export type Competition = (typeof COMPETITIONS)[number];

/**
 * Stages of a tournament, in the order they are played.
 * @example
 * STAGES.indexOf('Final') > STAGES.indexOf('SemiFinal') // => true
 */
export const STAGES = Object.freeze(['Group', 'Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'SmallFinal', 'Final'] as const);
/**
 * One of {@link STAGES}.
 * @example
 * const stage: Stage = 'QuarterFinal';
 * pointRoundOf(stage) // => 'quarterFinal'
 */
export type Stage = (typeof STAGES)[number];

/**
 * Every stage after the group stage: a game of one of these always ends with a winner.
 * @example
 * KNOCKOUT_STAGES[0] // => 'Last32'
 * KNOCKOUT_STAGES.length // => STAGES.length - 1
 */
export const KNOCKOUT_STAGES = Object.freeze(['Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'SmallFinal', 'Final'] as const);
/**
 * One of {@link KNOCKOUT_STAGES}.
 * @example
 * const first: KnockoutStage = knockoutRoundsOf(2026)[0]!;
 * first // => 'Last32'
 */
export type KnockoutStage = (typeof KNOCKOUT_STAGES)[number];

/**
 * The statuses of a game, in the order it goes through them.
 * @example
 * GAME_STATUSES[0] // => 'Scheduled'
 */
export const GAME_STATUSES = Object.freeze(['Scheduled', 'Live', 'Finished'] as const);
/**
 * One of {@link GAME_STATUSES}.
 * @example
 * const status: GameStatus = 'Live';
 * hasStarted({ status }) // => true
 */
export type GameStatus = (typeof GAME_STATUSES)[number];

/**
 * How close a prediction came, best first.
 * @example
 * ACCURACIES // => ['exact', 'exactTrend', 'trend', 'wrong']
 */
export const ACCURACIES = Object.freeze(['exact', 'exactTrend', 'trend', 'wrong'] as const);
/**
 * One of {@link ACCURACIES}.
 * @example
 * const accuracy: Accuracy = accuracyOf({ homeGoals: 1, awayGoals: 0 }, { homeGoals: 3, awayGoals: 0 });
 * accuracy // => 'trend'
 */
export type Accuracy = (typeof ACCURACIES)[number];

// Themes and languages are the app's, not the game's: they live here because the UI kit takes its
// whole vocabulary from this one dependency, and the wire contract re-exports them from here.
/**
 * The colour themes a player can choose.
 * @example
 * THEMES // => ['Default', 'Light', 'Dark']
 */
export const THEMES = Object.freeze(['Default', 'Light', 'Dark'] as const);
/**
 * One of {@link THEMES}.
 * @example
 * const theme: Theme = 'Dark';
 * THEMES.includes(theme) // => true
 */
export type Theme = (typeof THEMES)[number];

/**
 * The languages the app speaks.
 * @example
 * LANGUAGES // => ['en', 'de']
 */
export const LANGUAGES = Object.freeze(['en', 'de'] as const);
/**
 * One of {@link LANGUAGES}.
 * @example
 * const language: Language = 'de';
 * LANGUAGES.includes(language) // => true
 */
export type Language = (typeof LANGUAGES)[number];

/**
 * A score as the game counts it: for knockout games after extra time, plus one goal to a shoot-out
 * winner (see {@link countedScore}).
 * @example
 * const score: Score = { homeGoals: 2, awayGoals: 1 };
 * score.homeGoals - score.awayGoals // => 1
 */
export type Score = { homeGoals: number; awayGoals: number };

/**
 * An instant: a `Date`, milliseconds since 1970, or an ISO 8601 string.
 * @example
 * const kickoff: Instant = '2024-06-14T19:00:00Z';
 * countdownTo(kickoff, Date.parse('2024-06-14T18:00:00Z')) // => { days: 0, hours: 1, minutes: 0 }
 */
export type Instant = Date | number | string;

/**
 * What every game has, whatever its status. `date` is the kickoff as an ISO 8601 instant.
 * @example
 * const info: GameInfo = { id: 51, stage: 'Final', date: '2024-07-14T19:00:00Z', homeTeam: 'Spain', awayTeam: 'England' };
 * yearOf(info) // => 2024
 */
export type GameInfo = {
  id: number;
  date: string;
  stage: Stage;
  homeTeam: string;
  awayTeam: string;
};

/**
 * A game before kickoff: it has no goals.
 * @example
 * const game: ScheduledGame = { id: 3, stage: 'Group', status: 'Scheduled', date: '2024-06-15T16:00:00Z', homeTeam: 'Spain', awayTeam: 'Croatia' };
 * hasStarted(game) // => false
 */
export type ScheduledGame = GameInfo & { status: 'Scheduled'; homeGoals?: null; awayGoals?: null };
/**
 * A game being played: its goals so far count provisionally.
 * @example
 * const game: LiveGame = { id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'Hungary', awayTeam: 'Switzerland', homeGoals: 0, awayGoals: 1 };
 * resultOf(game) // => { homeGoals: 0, awayGoals: 1 }
 */
export type LiveGame = GameInfo & Score & { status: 'Live' };
/**
 * A game that is over: its goals are the result (for a knockout game, see {@link countedScore}).
 * @example
 * const game: FinishedGame = { id: 51, stage: 'Final', status: 'Finished', date: '2024-07-14T19:00:00Z', homeTeam: 'Spain', awayTeam: 'England', homeGoals: 2, awayGoals: 1 };
 * championOf([game]) // => 'Spain'
 */
export type FinishedGame = GameInfo & Score & { status: 'Finished' };
/**
 * A game that has kicked off: it has goals.
 * @example
 * const game: StartedGame = { id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'Hungary', awayTeam: 'Switzerland', homeGoals: 0, awayGoals: 0 };
 * game.homeGoals + game.awayGoals // => 0
 */
export type StartedGame = LiveGame | FinishedGame;

/**
 * A game of a tournament, its goals tied to its status: a Scheduled game has none, a Live or
 * Finished game has both (a game that kicked off without a goal yet stands 0:0). The compiler
 * refuses a Finished game without goals; data from a database row or a JSON body becomes a `Game`
 * through {@link gameOf}.
 * @example
 * const opener: Game = { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'Germany', awayTeam: 'Scotland', homeGoals: 5, awayGoals: 1 };
 * resultOf(opener) // => { homeGoals: 5, awayGoals: 1 }
 */
export type Game = ScheduledGame | LiveGame | FinishedGame;

/**
 * A game as a database row or a JSON body may hold it: any status, goals possibly missing or
 * `null`. {@link gameOf} makes it a {@link Game}.
 * @example
 * const row: GameRecord = { id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'Hungary', awayTeam: 'Switzerland', homeGoals: null, awayGoals: null };
 * gameOf(row)?.homeGoals // => 0
 */
export type GameRecord = GameInfo & { status: GameStatus; homeGoals?: number | null; awayGoals?: number | null };

/**
 * A player's prediction for one game.
 * @example
 * const prediction: Prediction = { gameId: 1, homeGoals: 2, awayGoals: 0 };
 * formatScore(prediction) // => '2:0'
 */
export type Prediction = Score & { gameId: number };
