import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Hint, HINTS } from './Hint';

const meta = {
  title: 'Dashboard/Hint',
  component: Hint,
  args: { kind: 'scheduleNotReleased' },
  argTypes: { kind: { control: 'select', options: HINTS } },
} satisfies Meta<typeof Hint>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ScheduleNotReleased: Story = {};
export const NoGroup: Story = {
  args: { kind: 'noGroup' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link')).toHaveAttribute('href', '/group/create');
  },
};
export const MoreGamesFollow: Story = { args: { kind: 'moreGamesFollow' } };
