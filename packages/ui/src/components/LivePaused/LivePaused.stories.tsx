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

/** A page scrolled far down, as the dashboard opens at the current game: the line stays in sight under the header. */
export const OnAScrolledPage: Story = {
  tags: ['!dev', '!autodocs'],
  render: () => (
    <div>
      <LivePaused />
      <div style={{ height: '3000px' }} />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const view = canvasElement.ownerDocument.defaultView!;
    view.scrollTo(0, 1500);
    await new Promise((resolve) => view.requestAnimationFrame(resolve));
    const top = canvas.getByRole('status').getBoundingClientRect().top;
    await expect(top).toBeGreaterThanOrEqual(0);
    await expect(top).toBeLessThan(view.innerHeight);
  },
};
