import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { GroupActions } from './GroupActions';

const meta = {
  title: 'Ranking/GroupActions',
  component: GroupActions,
  args: { groupId: '6f1c2a9e4b7d4e0f9a3b5c7d1e2f4a6b', isCreator: true, hasOwnGroup: true, onDelete: fn(), onLeave: fn() },
} satisfies Meta<typeof GroupActions>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Creator: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('link', { name: /edit|bearbeiten/i })).toHaveAttribute('href', '/group/6f1c2a9e4b7d4e0f9a3b5c7d1e2f4a6b');
    const remove = canvas.getByRole('button', { name: /delete|löschen/i });
    await expect(remove).toBeDisabled();
    await userEvent.click(canvas.getByRole('switch'));
    await userEvent.click(remove);
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
  },
};
export const Member: Story = { args: { isCreator: false, hasOwnGroup: false } };
