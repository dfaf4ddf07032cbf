import type { Meta, StoryObj } from '@storybook/react-vite';
import { pickSharesOf } from '@scorecast/rules';
import { expect } from 'storybook/test';
import { euro2024Points, germanyScotland, hungarySwitzerland } from '../../stories/fixtures';
import { PickShares } from './PickShares';

const picks = [
  { homeGoals: 2, awayGoals: 0 },
  { homeGoals: 2, awayGoals: 0 },
  { homeGoals: 3, awayGoals: 1 },
  { homeGoals: 1, awayGoals: 1 },
  { homeGoals: 2, awayGoals: 1 },
  { homeGoals: 0, awayGoals: 1 },
  { homeGoals: 5, awayGoals: 1 },
];

const meta = {
  title: 'Race/PickShares',
  component: PickShares,
  args: { shares: pickSharesOf(germanyScotland, picks, euro2024Points)!, homeTeam: germanyScotland.homeTeam, awayTeam: germanyScotland.awayTeam },
  decorators: [(Story) => <div style={{ padding: 16, maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof PickShares>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Finished game: shares, the three most picked scores and the average points. */
export const Finished: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/72 %/)).toBeVisible();
    await expect(canvas.getByText(/2:0 \(2×\)/)).toBeVisible();
    await expect(canvas.getByText(/1[.,]9/)).toBeVisible();
  },
};

/** A Live game: no average yet. */
export const Live: Story = {
  args: { shares: pickSharesOf(hungarySwitzerland, picks.slice(0, 4), euro2024Points)!, homeTeam: hungarySwitzerland.homeTeam, awayTeam: hungarySwitzerland.awayTeam },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/Average|Durchschnitt/)).toBeNull();
  },
};

/** Nobody predicted the game. */
export const Empty: Story = {
  args: { shares: pickSharesOf(hungarySwitzerland, [], euro2024Points)! },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Nobody|Niemand/)).toBeVisible();
  },
};
