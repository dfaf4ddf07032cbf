import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { NoConnection } from './NoConnection';

const meta = {
  title: 'App/NoConnection',
  component: NoConnection,
  args: { onRetry: fn(), retrying: false },
} satisfies Meta<typeof NoConnection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The server cannot be reached: the player can try again. */
export const Offline: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Try again|Erneut versuchen/ }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Retrying: Story = { args: { retrying: true } };
