import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LivePaused } from './LivePaused';

const meta = {
  title: 'App/LivePaused',
  component: LivePaused,
} satisfies Meta<typeof LivePaused>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The live channel is down: what is on screen may be behind until it is back. */
export const Reconnecting: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/Live updates paused|Live-Updates unterbrochen/);
  },
};
