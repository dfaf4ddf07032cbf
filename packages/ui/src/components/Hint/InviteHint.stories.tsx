import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { InviteHint } from './InviteHint';

const meta = {
  title: 'Dashboard/InviteHint',
  component: InviteHint,
  args: { playerCount: 1, maxPlayers: 20 },
} satisfies Meta<typeof InviteHint>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The creator alone in the group: predicting alone is no fun. */
export const Alone: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Predicting alone is no fun|Allein tippen macht keinen Spaß/)).toBeVisible();
    await expect(canvas.getByText(/19 more players can join|19 weitere/)).toBeVisible();
    await expect(canvas.getByRole('link')).toHaveAttribute('href', '/ranking#invite');
  },
};

/** Two players, no limit: no count of places. */
export const MissingAFriend: Story = { args: { playerCount: 2, maxPlayers: undefined } };
