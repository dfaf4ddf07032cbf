import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Confetti } from './Confetti';

const meta = { title: 'Feedback/Confetti', component: Confetti, parameters: { frame: 'page' }, args: { onDone: fn() } } satisfies Meta<typeof Confetti>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Fires on mount, draws on a canvas over the page and stops after 3 s. */
export const Celebration: Story = {
  play: async ({ args, canvasElement }) => {
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('canvas')).not.toBeNull());
    await waitFor(() => expect(args.onDone).toHaveBeenCalledTimes(1), { timeout: 5000 });
  },
};
