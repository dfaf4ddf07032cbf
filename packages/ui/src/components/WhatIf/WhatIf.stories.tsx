import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { whatIf, type Game, type PlayerOfGroup, type Score } from '@scorecast/rules';
import { expect, fn, userEvent } from 'storybook/test';
import { euro2024Points, germanyScotland, hungarySwitzerland, ownLogin, playerNames } from '../../stories/fixtures';
import { WhatIf, type WhatIfProps } from './WhatIf';
import { WhatIfOpener } from './WhatIfOpener';

const games: Game[] = [germanyScotland, hungarySwitzerland];
const guesses: Score[] = [
  { homeGoals: 0, awayGoals: 2 },
  { homeGoals: 1, awayGoals: 1 },
  { homeGoals: 1, awayGoals: 2 },
  { homeGoals: 2, awayGoals: 1 },
  { homeGoals: 0, awayGoals: 3 },
];
const players: PlayerOfGroup[] = playerNames(5).map((player, index) => ({
  ...player,
  predictions: [
    { gameId: 1, homeGoals: [5, 2, 3, 1, 2][index]!, awayGoals: [1, 0, 1, 1, 2][index]! },
    { gameId: 2, ...guesses[index]! },
  ],
}));
const now: Score = { homeGoals: hungarySwitzerland.homeGoals!, awayGoals: hungarySwitzerland.awayGoals! };

/** The app's part: it keeps the tried score and asks the rules for the table. */
function Tried(args: WhatIfProps & { group: PlayerOfGroup[] }) {
  const [tried, setTried] = useState(args.tried);
  const rows = args.group.length === 0 ? [] : whatIf(args.group, games, euro2024Points, { gameId: hungarySwitzerland.id, ...tried });
  return <WhatIf {...args} tried={tried} rows={rows} onTry={(score) => (setTried(score), args.onTry(score))} onReset={() => (setTried(now), args.onReset())} />;
}

const meta = {
  title: 'Race/WhatIf',
  component: WhatIf,
  render: (args) => <Tried {...args} group={players} />,
  args: { homeTeam: 'hu', awayTeam: 'ch', tried: now, lowest: now, rows: [], ownLogin, onTry: fn(), onReset: fn(), onClose: fn() },
  decorators: [(Story) => <div style={{ padding: 16, maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof WhatIf>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The current score tried: today's table, no arrows moved. */
export const CurrentScore: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /less for Hungary|weniger für Ungarn/ })).toBeDisabled();
    // Nothing tried yet: nothing to go back to.
    await expect(canvas.queryByRole('button', { name: /real score|echten Spielstand/ })).toBeNull();
  },
};

/** A tried goal for Hungary: 1:2 makes Clara's prediction exact and moves her up. */
export const TriedGoal: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /One more goal for Hungary|Ein Tor mehr für Ungarn/ }));
    await expect(args.onTry).toHaveBeenCalledWith({ homeGoals: 1, awayGoals: 2 });
    await expect(canvas.getByRole('row', { name: /Clara/ })).toHaveAttribute('data-trend', 'up');
    await userEvent.click(canvas.getByRole('button', { name: /real score|echten Spielstand/ }));
    await expect(args.onReset).toHaveBeenCalled();
    // The reset button goes with the tried score: the focus stays in the box (it fell to the page).
    await expect(canvas.getByRole('region', { name: /What if|Was wäre/ }).contains(document.activeElement)).toBe(true);
  },
};

/** A group of one: nothing to compare, the table has the own row only. */
// Before kickoff the others' predictions are hidden: the table counts them as none, and says so.
export const BeforeKickoff: Story = {
  args: { othersHidden: true, tried: { homeGoals: 0, awayGoals: 0 }, lowest: { homeGoals: 0, awayGoals: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/hidden until kickoff|bis zum Anpfiff verborgen/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Back to 0:0|Zurück auf 0:0/ })).toBeNull();
    // No real score yet to go back to: a tried goal goes back to 0:0.
    await userEvent.click(canvas.getByRole('button', { name: /One more goal for Hungary|Ein Tor mehr für Ungarn/ }));
    await expect(canvas.getByRole('button', { name: /Back to 0:0|Zurück auf 0:0/ })).toBeVisible();
    // Back down to 0, minus turns disabled under the focus: the focus goes to plus, not to the page.
    await userEvent.click(canvas.getByRole('button', { name: /One goal less for Hungary|Ein Tor weniger für Ungarn/ }));
    await expect(canvas.getByRole('button', { name: /One more goal for Hungary|Ein Tor mehr für Ungarn/ })).toHaveFocus();
  },
};

export const Alone: Story = { render: (args) => <Tried {...args} group={players.slice(0, 1)} /> };
/** No table yet (a group without players to rank). */
export const Empty: Story = { render: (args) => <Tried {...args} group={[]} /> };

/** Under a game, before it is opened; screen readers hear which game it tries. */
export const Opener: Story = {
  render: (args) => <WhatIfOpener homeTeam="de" awayTeam="gb-sct" onOpen={args.onClose} />,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /(What if…\? Germany against Scotland|Was wäre, wenn …\? Deutschland gegen Schottland)$/ }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
