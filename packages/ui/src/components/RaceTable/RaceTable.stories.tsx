import type { Meta, StoryObj } from '@storybook/react-vite';
import { championStatusOf, matchdayWinners, matchdayWins, raceOf, rankPlayers, type Game, type PlayerOfGroup } from '@scorecast/rules';
import { expect } from 'storybook/test';
import { euro2024Points, ownLogin, playerNames } from '../../stories/fixtures';
import { RaceTable, type RaceRow } from './RaceTable';

/** The Euro 2024 from the semi-finals on: Spain beat France, England beat the Netherlands; the Final is to come. */
const games: Game[] = [
  { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 },
  { id: 2, stage: 'Group', status: 'Finished', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 1, awayGoals: 3 },
  { id: 49, stage: 'SemiFinal', status: 'Finished', date: '2024-07-09T19:00:00Z', homeTeam: 'es', awayTeam: 'fr', homeGoals: 2, awayGoals: 1 },
  { id: 50, stage: 'SemiFinal', status: 'Finished', date: '2024-07-10T19:00:00Z', homeTeam: 'nl', awayTeam: 'gb-eng', homeGoals: 1, awayGoals: 2 },
  { id: 51, stage: 'Final', status: 'Scheduled', date: '2024-07-14T19:00:00Z', homeTeam: 'es', awayTeam: 'gb-eng' },
];
const picks = ['es', 'fr', 'gb-eng', 'de', 'nl', undefined];
const scores = [
  [5, 1, 1, 3, 2, 1, 1, 2],
  [2, 0, 0, 1, 1, 1, 2, 1],
  [3, 0, 1, 1, 0, 2, 1, 0],
  [0, 0, 2, 2, 1, 0, 0, 0],
  [1, 2, 0, 0, 0, 1, 3, 0],
  [0, 3, 3, 0, 0, 2, 0, 1],
];

/** A group of six, its race worked out by the rules as the app does. */
function raceRows(count: number, gamesSoFar: Game[]): RaceRow[] {
  const players: PlayerOfGroup[] = playerNames(count).map((player, index) => ({
    ...player,
    championPick: picks[index % picks.length],
    predictions: [1, 2, 49, 50].map((gameId, game) => ({ gameId, homeGoals: scores[index % scores.length]![game * 2]!, awayGoals: scores[index % scores.length]![game * 2 + 1]! })),
  }));
  const race = raceOf(players, gamesSoFar, { ...euro2024Points, finalExactPoints: 5, winnerPoints: 8 });
  const wins = matchdayWins(matchdayWinners(players, gamesSoFar, euro2024Points));
  const rows = players.map((player, index) => ({
    ...race[index]!,
    name: player.name,
    matchdayWins: wins[player.login] ?? 0,
    champion: player.championPick ? { team: player.championPick, status: championStatusOf(player.championPick, gamesSoFar) } : undefined,
  }));
  return rankPlayers(rows);
}

const meta = {
  title: 'Race/RaceTable',
  component: RaceTable,
  args: { rows: raceRows(6, games), ownLogin },
} satisfies Meta<typeof RaceTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Before the Final: some players are out of the race, France is eliminated. */
export const BeforeTheFinal: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(/out of the race|aus dem Rennen/).length).toBeGreaterThan(0);
    await expect(canvas.getAllByText(/eliminated|ausgeschieden/).length).toBeGreaterThan(0);
    // The total a player can still reach, not the points still to win (a fresh player read it so).
    await expect(canvas.getByRole('columnheader', { name: /^(Max\. reachable|Max\. möglich)$/ })).toBeVisible();
  },
};

/** Before the first game: everybody is in the race. */
export const BeforeTheStart: Story = {
  args: { rows: raceRows(6, games.map((game) => ({ id: game.id, stage: game.stage, date: game.date, homeTeam: game.homeTeam, awayTeam: game.awayTeam, status: 'Scheduled' }))) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/out of the race|aus dem Rennen/)).toBeNull();
  },
};

/** On a phone (390 px) the table fits: the matchday wins (listed right below) give their room, the champion's fate goes under the name. */
export const OnAPhone: Story = {
  decorators: [(Story) => <div style={{ width: 390 }}>{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    const scroller = canvasElement.querySelector('table')!.parentElement!;
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    // A stop of Tab's of its own: named, not an unnamed box.
    await expect(canvas.getByRole('region', { name: /Who can still win|Wer kann noch gewinnen/ })).toBe(scroller);
    // Said by the heading and the region it names, not by a caption a third time.
    await expect(canvas.getAllByText(/Who can still win|Wer kann noch gewinnen/)).toHaveLength(1);
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(4);
    await expect(canvas.getAllByText(/still in|noch dabei/).length).toBeGreaterThan(0);
  },
};

/** A name of 24 letters without a space on a phone: it wraps inside its cell, the figures stay on screen. */
export const UnbrokenNameOnAPhone: Story = {
  args: { rows: raceRows(6, games).map((row, index) => (index === 0 ? { ...row, name: 'M'.repeat(24) } : row)) },
  decorators: [(Story) => <div style={{ width: 390 }}>{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    const scroller = canvasElement.querySelector('table')!.parentElement!;
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    // A one-word heading stays whole: "Points" broke into "Poin" and "ts".
    const linesOf = (element: Element) => {
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    const broken = canvas.getAllByRole('columnheader').filter((header) => !/\s/.test(header.textContent!.trim()) && linesOf(header) > 1).map((header) => header.textContent);
    await expect(broken).toEqual([]);
  },
};

/** Names of two words on a small phone (360 px) stay on one line: the figures' columns are as narrow as their figures and headings. */
export const NamesOnAPhone: Story = {
  args: {
    rows: raceRows(10, games).map((row, index) => ({
      ...row,
      name: index === 0 ? 'Anna die Große' : `Spieler ${index}`,
      champion: index === 0 ? { team: 'br', status: 'in' as const } : undefined,
      out: false,
      points: 0,
      maxPoints: 705,
      bestRank: 1,
    })),
  },
  decorators: [(Story) => <div style={{ width: 390 }}>{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    const linesOf = (node: Node) => {
      const range = node.ownerDocument!.createRange();
      range.selectNodeContents(node);
      return [...range.getClientRects()];
    };
    const wrapped = canvas.getAllByRole('rowheader').filter((header) => new Set(linesOf(header.firstChild!).map((rect) => Math.round(rect.top))).size > 1);
    await expect(wrapped.map((header) => header.firstChild!.textContent)).toEqual([]);
    // Each figure's column is as wide as its widest line (heading or figure) and its padding, no wider.
    const rows = [...canvasElement.querySelectorAll('tr')];
    const slack = canvas.getAllByRole('columnheader').slice(1).map((header, index) => {
      const column = rows.map((row) => row.children[index + 1]!);
      const widest = Math.max(...column.flatMap((cell) => linesOf(cell).map((rect) => rect.width)));
      const padding = parseFloat(getComputedStyle(header).paddingLeft) + parseFloat(getComputedStyle(header).paddingRight);
      return Math.round(header.getBoundingClientRect().width - padding - widest);
    });
    await expect(Math.max(...slack)).toBeLessThanOrEqual(2);
  },
};

/** No players to show. */
export const Empty: Story = { args: { rows: [] } };
