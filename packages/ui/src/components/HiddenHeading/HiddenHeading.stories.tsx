import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { HiddenHeading } from './HiddenHeading';

const meta = {
  title: 'Layout/HiddenHeading',
  component: HiddenHeading,
  args: { children: 'Schedule' },
} satisfies Meta<typeof HiddenHeading>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Read by screen readers as the page's heading, drawn nowhere. */
export const Schedule: Story = {
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { name: 'Schedule', level: 1 });
    await expect(heading.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};
