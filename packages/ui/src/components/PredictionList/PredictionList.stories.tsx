import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { accuracyOf, pointsFor, type Accuracy } from '@scorecast/rules';
import { expect, fn, userEvent } from 'storybook/test';
import { euro2024Points, ownLogin, playerNames } from '../../stories/fixtures';
import { PredictionList, type PredictionListProps, type PredictionOfPlayer } from './PredictionList';

/** Predictions of Germany 5:1 Scotland for a group, scored by the rules as the server would. */
function predictionsFor(count: number): PredictionOfPlayer[] {
  const guesses = [[5, 1], [2, 0], [3, 1], [1, 1], [2, 1], [4, 0], [0, 1], [3, 0], [2, 2], [1, 0]] as const;
  return playerNames(count).map((player, index) => {
    const [homeGoals, awayGoals] = guesses[index % guesses.length]!;
    const accuracy: Accuracy = accuracyOf({ homeGoals, awayGoals }, { homeGoals: 5, awayGoals: 1 });
    return {
      ...player,
      rank: index + 1,
      rankTrend: (['up', 'same', 'down'] as const)[index % 3]!,
      prediction: { gameId: 1, homeGoals, awayGoals, accuracy, points: pointsFor(accuracy, 'Group', euro2024Points) },
    };
  });
}

function ToggleablePredictionList(props: PredictionListProps) {
  const [showAll, setShowAll] = useState(props.showAll);
  return (
    <PredictionList
      {...props}
      showAll={showAll}
      onToggleShowAll={() => {
        setShowAll(!showAll);
        props.onToggleShowAll();
      }}
    />
  );
}

const meta = {
  title: 'Dashboard/PredictionList',
  component: PredictionList,
  render: (args) => <ToggleablePredictionList {...args} />,
  argTypes: { playerCount: { control: { type: 'number', min: 1, max: 40 } } },
  args: { predictions: predictionsFor(10), ownLogin, playerCount: 10, isCurrentGame: false, showAll: false, onToggleShowAll: fn() },
} satisfies Meta<typeof PredictionList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OnePlayer: Story = { args: { predictions: predictionsFor(1), playerCount: 1 } };

/** Ten players: everyone's prediction is visible and there is no toggle. */
/** Rows handed over in another order (the group's overall ranking) are listed by the rank they show. */
export const ListedByRank: Story = {
  tags: ['!dev', '!autodocs'],
  args: { predictions: [...predictionsFor(3)].reverse(), playerCount: 3 },
  play: async ({ canvas }) => {
    const ranks = canvas.getAllByRole('row').slice(1).map((row) => Number.parseInt(row.textContent ?? '', 10));
    await expect(ranks).toEqual([1, 2, 3]);
  },
};

export const TenPlayers: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/hidden|verborgen/)).toBeNull();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Eleven players: others are hidden unless exact; 'show all' reveals them. */
export const ElevenPlayersShowAll: Story = {
  args: { predictions: predictionsFor(11), playerCount: 11 },
  play: async ({ canvas, args }) => {
    const hiddenBefore = canvas.getAllByText(/hidden|verborgen/).length;
    await expect(hiddenBefore).toBe(9);
    // 'hidden' stands in the prediction column, its right edge on the scores' right edge.
    const hiddenEdge = canvas.getAllByText(/hidden|verborgen/)[0]!.getBoundingClientRect().right;
    const scoreEdge = canvas.getAllByText('5:1', { selector: 'td' })[0]!.getBoundingClientRect().right;
    await expect(Math.abs(hiddenEdge - scoreEdge)).toBeLessThan(1);
    await userEvent.click(canvas.getByRole('button', { pressed: false }));
    await expect(args.onToggleShowAll).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByText(/hidden|verborgen/)).toBeNull();
  },
};

/** Thirty players on the current game: all visible; thirty-one: hidden again. */
export const ThirtyPlayersCurrentGame: Story = {
  args: { predictions: predictionsFor(30), playerCount: 30, isCurrentGame: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/hidden|verborgen/)).toBeNull();
  },
};
export const ThirtyOnePlayersCurrentGame: Story = {
  args: { predictions: predictionsFor(31), playerCount: 31, isCurrentGame: true },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(/hidden|verborgen/).length).toBeGreaterThan(0);
  },
};

/** Each revealed prediction says when it was last changed; a hidden one says nothing, not even that. */
export const ChangeTimes: Story = {
  args: {
    predictions: predictionsFor(11).map((row, index) => ({ ...row, changedAt: `2024-06-1${index % 4}T1${index % 10}:42:00Z` })),
    playerCount: 11,
  },
  play: async ({ canvas }) => {
    // Two revealed predictions (the own one and the exact one) among eleven, each saying what its
    // time is to everyone (a bare time under a score puzzled a fan; only screen readers were told).
    const times = canvas.getAllByText(/^(saved|getippt) \d\d\.06\. \d\d:42$/);
    await expect(times).toHaveLength(2);
    for (const time of times) await expect(time.children).toHaveLength(0);
  },
};

/**
 * On a phone, inside the page's margins, the table stays on screen with times of another day: the
 * time under a score ran on one line and pushed the points past the screen's edge ("Punkte" cut).
 */
export const OnAPhone: Story = {
  args: {
    predictions: predictionsFor(3).map((row, index) => ({ ...row, name: ['Jonas der Knipser', 'Lena', 'Mia'][index]!, changedAt: '2024-06-11T20:39:00Z' })),
    playerCount: 3,
  },
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const table = canvasElement.querySelector('table')!;
    await expect(table.getBoundingClientRect().right).toBeLessThanOrEqual(table.parentElement!.getBoundingClientRect().right);
  },
};
