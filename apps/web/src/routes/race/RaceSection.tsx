import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { championStatusOf, finishedRankHistory, matchdayWinners, matchdayWins, raceOf, rankLineOf, rankPlayers, yearOf } from '@scorecast/rules';
import { MatchdayWinners, RaceTable, RankHistoryChart } from '@scorecast/ui';
import { playersOfGroup } from '../../state/race';
import { gamesAtom, selectedGroupAtom, userAtom } from '../../state/session.atoms';

/** The player's own days, as the dashboard shows dates. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The ranking's race: who can still win with matchday wins, the matchday winners and the rank history, all derived here with the rules. */
export function RaceSection() {
  const group = useAtomValue(selectedGroupAtom);
  const allGames = useAtomValue(gamesAtom);
  const login = useAtomValue(userAtom)?.login ?? '';
  const [selected, setSelected] = useState<string[]>([]);
  const derived = useMemo(() => {
    if (!group) return undefined;
    const games = allGames.filter((game) => yearOf(game) === group.competitionYear);
    const players = playersOfGroup(group);
    const nameOf = new Map(players.map((player) => [player.login, player.name]));
    const race = raceOf(players, games, group.pointConfiguration);
    const matchdays = matchdayWinners(players, games, group.pointConfiguration, { timeZone });
    const wins = matchdayWins(matchdays);
    const rows = rankPlayers(
      players.map((player, index) => ({
        ...race[index]!,
        name: player.name,
        matchdayWins: wins[player.login] ?? 0,
        champion: player.championPick ? { team: player.championPick, status: championStatusOf(player.championPick, games) } : undefined,
      })),
    );
    const history = finishedRankHistory(players, games, group.pointConfiguration, { timeZone });
    return {
      rows,
      matchdays: matchdays.map((matchday) => ({
        day: matchday.day,
        points: matchday.winners.length > 0 ? matchday.points[matchday.winners[0]!]! : 0,
        winners: matchday.winners.map((winner) => ({ login: winner, name: nameOf.get(winner) ?? winner })),
      })),
      steps: history,
      lines: players.map((player) => ({ login: player.login, name: player.name, ranks: rankLineOf(history, player.login) })),
    };
  }, [group, allGames]);
  if (!derived) return null;
  return (
    <>
      <RaceTable rows={derived.rows} ownLogin={login} />
      <MatchdayWinners matchdays={derived.matchdays} ownLogin={login} />
      <RankHistoryChart
        steps={derived.steps}
        lines={derived.lines}
        ownLogin={login}
        selected={selected}
        onToggle={(player) => setSelected((now) => (now.includes(player) ? now.filter((each) => each !== player) : [...now, player]))}
      />
    </>
  );
}
