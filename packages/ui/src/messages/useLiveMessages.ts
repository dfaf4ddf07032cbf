import { useTranslation } from 'react-i18next';
import { formatScore, outcomeOf, resultOf, type Accuracy, type Game } from '@scorecast/rules';
import { useTeamName } from '../team/useTeamName';

/** A finished game told to the player: the result, their own prediction, and whether to celebrate. */
export type GameFinishedMessage = { result: string; ownPrediction: string; celebrate: boolean };

const OWN_LINE = { exact: 'message.ownExact', exactTrend: 'message.ownExactTrend', wrong: 'message.ownWrong' } as const;

/**
 * The texts of the live updates of spec section 4, in the current language.
 * @example const { gameFinished } = useLiveMessages(); gameFinished(game, 'exact').celebrate // true
 */
export function useLiveMessages() {
  const { t } = useTranslation();
  const nameOf = useTeamName();
  const teams = (game: Game) => ({ home: nameOf(game.homeTeam), away: nameOf(game.awayTeam) });
  const scoreOf = (game: Game) => {
    const result = resultOf(game);
    return result ? formatScore(result) : '';
  };

  return {
    gameStarted: (game: Game) => t('message.gameStarted', teams(game)),
    // A finished game's score changes only by a correction: said as one, with its reason.
    newGameScore: (game: Game & { correction?: { reason: string | null } | null }) =>
      game.status === 'Finished' && game.correction
        ? t('message.resultCorrected', { ...teams(game), score: scoreOf(game), reason: game.correction.reason ?? t('correction.byFeed') })
        : t('message.newGameScore', { ...teams(game), score: scoreOf(game) }),
    playerJoined: (name: string) => t('message.playerJoined', { name }),
    playerLeft: (name: string) => t('message.playerLeft', { name }),
    /** A group of the player's that a live item took away: deleted by its creator, or the player is no longer in it (removed, left in another tab). */
    groupGone: (group: string, deleted: boolean) => t(deleted ? 'message.groupDeleted' : 'message.groupGone', { group }),
    /** Accuracy of the player's own prediction; undefined when they had none (nothing to celebrate, and not called wrong). */
    gameFinished: (game: Game, accuracy: Accuracy | undefined): GameFinishedMessage => {
      const result = resultOf(game) ?? { homeGoals: 0, awayGoals: 0 };
      const { home, away } = teams(game);
      const outcome = outcomeOf(result);
      const text =
        outcome === 'draw'
          ? t('message.gameDraw', { home, away, score: formatScore(result) })
          : t('message.gameWon', {
              winner: outcome === 'home' ? home : away,
              loser: outcome === 'home' ? away : home,
              score: formatScore(outcome === 'home' ? result : { homeGoals: result.awayGoals, awayGoals: result.homeGoals }),
            });
      if (accuracy === undefined) return { result: text, ownPrediction: t('message.ownNone'), celebrate: false };
      const ownKey = accuracy === 'trend' ? (outcome === 'draw' ? 'message.ownTrendDraw' : 'message.ownTrendWin') : OWN_LINE[accuracy];
      return { result: text, ownPrediction: t(ownKey), celebrate: accuracy !== 'wrong' };
    },
  };
}
