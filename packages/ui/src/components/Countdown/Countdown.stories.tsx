import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Countdown } from './Countdown';

const meta = {
  title: 'Dashboard/Countdown',
  component: Countdown,
  args: { firstKickoff: '2026-06-11T19:00:00Z', now: '2026-05-01T10:30:00Z' },
} satisfies Meta<typeof Countdown>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Six weeks before the World Cup 2026 opening game. */
export const WeeksBefore: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^41 /)).toBeVisible();
  },
};
export const OneDayOneHourOneMinute: Story = { args: { now: '2026-06-10T17:59:00Z' } };
/** Days, hours and minutes stay side by side on a phone, in German too ('58 Minuten'). */
export const ThreeColumnsOnAPhone: Story = {
  tags: ['!dev', '!autodocs'],
  args: { now: '2026-05-30T20:01:00Z' },
  globals: { viewport: { value: 'phone', isRotated: false }, language: 'de' },
  play: async ({ canvas }) => {
    const tops = canvas.getAllByRole('listitem').map((part) => part.getBoundingClientRect().top);
    await expect(new Set(tops).size).toBe(1);
  },
};
export const Started: Story = {
  args: { now: '2026-06-11T19:00:01Z' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('');
  },
};
