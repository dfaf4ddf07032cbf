/** The four competitions, indexed by `year % 4`. */
export const COMPETITIONS = ['EuropeanChampionship', 'WomensEuropeanChampionship', 'WorldCup', 'WomensWorldCup'] as const;
export type Competition = (typeof COMPETITIONS)[number];

/** Stages of a tournament, in the order they are played. */
export const STAGES = ['Group', 'Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'SmallFinal', 'Final'] as const;
export type Stage = (typeof STAGES)[number];

/** Every stage after the group stage. */
export const KNOCKOUT_STAGES = ['Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'SmallFinal', 'Final'] as const;
export type KnockoutStage = (typeof KNOCKOUT_STAGES)[number];

export const GAME_STATUSES = ['Scheduled', 'Live', 'Finished'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** How close a prediction came, best first. */
export const ACCURACIES = ['exact', 'exactTrend', 'trend', 'wrong'] as const;
export type Accuracy = (typeof ACCURACIES)[number];

export const THEMES = ['Default', 'Light', 'Dark'] as const;
export type Theme = (typeof THEMES)[number];

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A score as the game counts it: for knockout games after extra time, plus one goal to a shoot-out winner. */
export type Score = { homeGoals: number; awayGoals: number };

/** A game of a tournament. `date` is the kickoff as an ISO 8601 instant; goals are absent before kickoff. */
export type Game = {
  id: number;
  status: GameStatus;
  date: string;
  stage: Stage;
  homeTeam: string;
  awayTeam: string;
  homeGoals?: number | null;
  awayGoals?: number | null;
};

/** A player's prediction for one game. */
export type Prediction = Score & { gameId: number };
