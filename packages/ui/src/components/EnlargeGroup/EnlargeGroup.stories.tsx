import type { Meta, StoryObj } from '@storybook/react-vite';
import { upgradeOptions } from '@scorecast/rules';
import { expect, fn, userEvent } from 'storybook/test';
import { EnlargeGroup } from './EnlargeGroup';

const optionsFrom = (maxPlayers: number) => upgradeOptions(maxPlayers).map((option) => ({ ...option, currency: 'EUR' }));

const meta = {
  title: 'Ranking/EnlargeGroup',
  component: EnlargeGroup,
  args: { maxPlayers: 10, options: optionsFrom(10), onBuy: fn() },
} satisfies Meta<typeof EnlargeGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FromTen: Story = {
  play: async ({ canvas, args }) => {
    const buttons = canvas.getAllByRole('button');
    await expect(buttons).toHaveLength(3);
    await userEvent.click(buttons[2]!);
    await expect(args.onBuy).toHaveBeenCalledWith(expect.objectContaining({ productId: 'tip_group_10_to_unlimited' }));
  },
};
export const FromTwenty: Story = { args: { maxPlayers: 20, options: optionsFrom(20) } };
export const FromFifty: Story = { args: { maxPlayers: 50, options: optionsFrom(50) } };
