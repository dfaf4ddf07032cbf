import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { finishedRankHistory, rankLineOf, type Game, type PlayerOfGroup } from '@scorecast/rules';
import { expect, userEvent } from 'storybook/test';
import { euro2024Points, ownLogin, playerNames } from '../../stories/fixtures';
import { RankHistoryChart, type RankHistoryChartProps } from './RankHistoryChart';

/** Twelve Finished group games of the Euro 2024 over five days, scores as played. */
const results = [[5, 1], [1, 3], [3, 0], [2, 1], [0, 1], [1, 1], [3, 0], [1, 2], [0, 0], [1, 1], [2, 1], [1, 1]] as const;
const games: Game[] = results.map(([homeGoals, awayGoals], index) => ({
  id: index + 1,
  stage: 'Group',
  status: 'Finished',
  date: new Date(Date.UTC(2024, 5, 14 + Math.floor(index / 3), 13 + 3 * (index % 3))).toISOString(),
  homeTeam: 'de',
  awayTeam: 'es',
  homeGoals,
  awayGoals,
}));

/** Deterministic guesses, so each player's line has its own shape. */
function groupOf(count: number): PlayerOfGroup[] {
  return playerNames(count).map((player, index) => ({
    ...player,
    predictions: games.map((game, step) => ({ gameId: game.id, homeGoals: (index * 7 + step * 3) % 4, awayGoals: (index * 5 + step) % 3 })),
  }));
}

function chartOf(count: number, upTo = games.length): Pick<RankHistoryChartProps, 'steps' | 'lines'> {
  const players = groupOf(count);
  const steps = finishedRankHistory(players, games.slice(0, upTo), euro2024Points);
  return { steps, lines: players.map((player) => ({ login: player.login, name: player.name, ranks: rankLineOf(steps, player.login) })) };
}

/** The app's part: it keeps who is picked. */
function Picked(args: RankHistoryChartProps) {
  const [selected, setSelected] = useState(args.selected);
  return <RankHistoryChart {...args} selected={selected} onToggle={(login) => setSelected((now) => (now.includes(login) ? now.filter((each) => each !== login) : [...now, login]))} />;
}

const meta = {
  title: 'Race/RankHistoryChart',
  component: RankHistoryChart,
  render: (args) => <Picked {...args} />,
  args: { ...chartOf(8), ownLogin, selected: ['ben@example.com'], onToggle: () => undefined },
} satisfies Meta<typeof RankHistoryChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Eight players over twelve games: own line on top, Ben picked; picking Clara draws her above the muted ones. */
export const TwelveGames: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('data-steps', '12');
    await expect(canvasElement.querySelectorAll('polyline')).toHaveLength(8);
    await userEvent.click(canvas.getByRole('button', { name: 'Clara' }));
    await expect(canvas.getByRole('button', { name: 'Clara' })).toHaveAttribute('aria-pressed', 'true');
    const order = [...canvasElement.querySelectorAll('polyline')].map((line) => line.getAttribute('data-login'));
    await expect(order.at(-1)).toBe(ownLogin);
    await expect(order.indexOf('clara@example.com')).toBeGreaterThan(order.indexOf('david@example.com'));
  },
};

/** The table alternative holds the same ranks. */
export const AsTable: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByText(/as a table|als Tabelle/));
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(13);
  },
};

/** After the first Finished game: one point per player. */
export const OneGame: Story = { args: chartOf(4, 1) };

/** Before any game is Finished. */
export const Empty: Story = {
  args: { steps: [], lines: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/starts after|beginnt nach/)).toBeVisible();
  },
};

/** At 1280 px the chart fills its column at its own size: labels as small as on a phone, no tall empty box. */
export const OnALaptop: Story = {
  tags: ['!dev', '!autodocs'],
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const chart = canvasElement.querySelector('svg')!;
    const block = chart.parentElement!;
    const inner = block.clientWidth - parseFloat(getComputedStyle(block).paddingLeft) - parseFloat(getComputedStyle(block).paddingRight);
    await expect(Math.round(chart.getBoundingClientRect().width)).toBe(Math.round(inner));
    await expect(chart.getBoundingClientRect().height).toBeLessThanOrEqual(320);
    const labelHeights = [...chart.querySelectorAll('text')].map((label) => Math.round(label.getBoundingClientRect().height));
    await expect(Math.max(...labelHeights)).toBeLessThanOrEqual(18);
  },
};

/** A long name at its line's end is written whole inside the chart. */
export const LongName: Story = {
  args: (() => {
    const chart = chartOf(3);
    return { ...chart, lines: chart.lines.map((line) => (line.login === ownLogin ? { ...line, name: 'Maximiliane Mustermann' } : line)) };
  })(),
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg')!;
    const label = [...svg.querySelectorAll('text')].find((text) => text.textContent === 'Maximiliane Mustermann')!;
    await expect(label.getBoundingClientRect().right).toBeLessThanOrEqual(svg.getBoundingClientRect().right);
  },
};

/** A friend's name of 24 letters without a space on a phone: its button wraps inside the page, which stays 390 px wide. */
export const UnbrokenNameOnAPhone: Story = {
  args: (() => {
    const chart = chartOf(3);
    return { ...chart, lines: chart.lines.map((line) => (line.login === ownLogin ? line : { ...line, name: 'W'.repeat(24) })) };
  })(),
  decorators: [(Story) => <div style={{ width: 390 }}>{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    const button = canvas.getAllByRole('button', { name: 'W'.repeat(24) })[0]!;
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(canvasElement.querySelector('svg')!.getBoundingClientRect().right);
  },
};

/** A picked friend level with the player at the end: both names are written, one under the other. */
export const TiedNames: Story = {
  args: (() => {
    const chart = chartOf(4);
    const own = chart.lines.find((line) => line.login === ownLogin)!;
    return { ...chart, lines: chart.lines.map((line) => (line.login === 'ben@example.com' ? { ...line, ranks: own.ranks } : line)) };
  })(),
  play: async ({ canvasElement }) => {
    const names = [...canvasElement.querySelectorAll('svg text')].filter((text) => ['Anna', 'Ben'].includes(text.textContent ?? ''));
    await expect(names).toHaveLength(2);
    const [first, second] = names.map((name) => name.getBoundingClientRect()).sort((a, b) => a.top - b.top);
    await expect(second!.top).toBeGreaterThanOrEqual(first!.bottom - 1);
  },
};
