import { useState } from 'react';
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

/** The confirmation ticked for one group does not arm the next one the page shows (after a delete, or another group chosen). */
export const ConfirmationBelongsToItsGroup: Story = {
  tags: ['!dev', '!autodocs'],
  render: function Render(args) {
    const [groupId, setGroupId] = useState(args.groupId);
    return (
      <>
        <GroupActions {...args} groupId={groupId} />
        <button type="button" onClick={() => setGroupId('0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d')}>
          next group
        </button>
      </>
    );
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('switch'));
    await expect(canvas.getByRole('button', { name: /delete|löschen/i })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'next group' }));
    await expect(canvas.getByRole('switch')).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: /delete|löschen/i })).toBeDisabled();
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};
