import { useEffect, useState } from 'react';
import { api } from '../../api';

const NO_TIMES: ReadonlyMap<string, string> = new Map();

/** The key of a prediction's change time: its game and its player. */
export const predictionTimeKey = (gameId: number, login: string) => `${gameId} ${login}`;

/**
 * When the members of a group last changed their predictions of started games (the server reveals
 * nothing of a game before it started), by {@link predictionTimeKey}. Read again when another game
 * starts, the only moment new times become visible.
 */
export function usePredictionTimes(groupId: string | undefined, startedGames: number): ReadonlyMap<string, string> {
  const [times, setTimes] = useState(NO_TIMES);
  useEffect(() => {
    if (!groupId || startedGames === 0) return setTimes(NO_TIMES);
    let current = true;
    api
      .groupLog({ id: groupId })
      .then((log) => current && setTimes(new Map(log.predictionTimes.map((time) => [predictionTimeKey(time.gameId, time.login), time.changedAt]))))
      .catch(() => current && setTimes(NO_TIMES));
    return () => {
      current = false;
    };
  }, [groupId, startedGames]);
  return times;
}
