import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ownLogin } from '../../stories/fixtures';
import { MatchdayWinners } from './MatchdayWinners';

const anna = { login: ownLogin, name: 'Anna' };
const ben = { login: 'ben@example.com', name: 'Ben' };
const clara = { login: 'clara@example.com', name: 'Clara' };

const meta = {
  title: 'Race/MatchdayWinners',
  component: MatchdayWinners,
  args: {
    ownLogin,
    matchdays: [
      { day: '2024-06-14', points: 5, winners: [anna] },
      { day: '2024-06-15', points: 8, winners: [ben, clara] },
      { day: '2024-06-16', points: 11, winners: [anna, ben, clara] },
      { day: '2024-06-17', points: 0, winners: [] },
    ],
  },
} satisfies Meta<typeof MatchdayWinners>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Newest day first; ties all win; a day nobody predicted has no winner. */
export const Days: Story = {
  play: async ({ canvas }) => {
    const rows = canvas.getAllByRole('row');
    await expect(rows[1]).toHaveTextContent('17.06.2024');
    await expect(canvas.getByRole('row', { name: /15\.06\.2024/ })).toHaveTextContent(/Ben, Clara/);
  },
};

/** A group begun mid-tournament: the days before anyone in it scored are left out. */
export const BegunMidTournament: Story = {
  args: { matchdays: [{ day: '2024-06-13', points: 0, winners: [] }, { day: '2024-06-14', points: 5, winners: [anna] }, { day: '2024-06-15', points: 0, winners: [] }] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
    await expect(canvas.queryByText('13.06.2024')).toBeNull();
  },
};

/** Days played, but no one in the group scored on any. */
export const NoneWon: Story = {
  args: { matchdays: [{ day: '2024-06-13', points: 0, winners: [] }] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No one in the group|Noch hat niemand/)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Empty: Story = {
  args: { matchdays: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No matchday|kein Spieltag/)).toBeVisible();
  },
};

/** Two winners with names of 24 letters without a space, on a phone: the table stays within it. */
export const UnbrokenNamesOnAPhone: Story = {
  args: { matchdays: [{ day: '2024-06-14', points: 5, winners: [{ ...anna, name: 'AnnaKarenina_TheStriker1' }, { ...ben, name: 'BenjaminTheGoalkeeper_99' }] }] },
  decorators: [(Story) => <div style={{ width: 390 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const block = canvasElement.querySelector('section')!;
    await expect(block.scrollWidth).toBeLessThanOrEqual(block.clientWidth);
  },
};
