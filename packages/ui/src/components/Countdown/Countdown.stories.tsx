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
/** Each part on one line: a unit wrapped under its number while the others stay whole reads as a glitch. */
async function expectOneLineEach(parts: HTMLElement[]) {
  for (const part of parts) {
    const text = document.createRange();
    text.selectNodeContents(part);
    const lines = new Set([...text.getClientRects()].map((box) => Math.round(box.top))).size;
    await expect({ part: part.textContent, lines }).toEqual({ part: part.textContent, lines: 1 });
  }
}

/** Days, hours and minutes stay side by side on a phone, in German too ('58 Minuten'), each on one line. */
export const ThreeColumnsOnAPhone: Story = {
  tags: ['!dev', '!autodocs'],
  args: { now: '2026-05-11T19:01:00Z' },
  globals: { viewport: { value: 'phone', isRotated: false }, language: 'de' },
  play: async ({ canvas }) => {
    const parts = canvas.getAllByRole('listitem');
    await expect(new Set(parts.map((part) => part.getBoundingClientRect().top)).size).toBe(1);
    await expectOneLineEach(parts);
  },
};
/** The longest English parts on a phone: '54 minutes' on one line like the days and hours beside it. */
export const OneLineEachOnAPhone: Story = {
  tags: ['!dev', '!autodocs'],
  args: { now: '2026-05-11T20:06:00Z' },
  globals: { viewport: { value: 'phone', isRotated: false }, language: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/54/)).toBeVisible();
    await expectOneLineEach(canvas.getAllByRole('listitem'));
  },
};
/** The last seconds before the first kickoff: not '0 days 0 hours 0 minutes'. */
export const LastMinute: Story = {
  args: { now: '2026-06-11T18:59:25Z' },
  play: async ({ canvas }) => {
    const text = canvas.getByText(/^(less than a minute|weniger als einer Minute)$/);
    await expect(text).toBeVisible();
    await expect(canvas.queryByText(/^0 /)).toBeNull();
    // Centred under the heading, as the days, hours and minutes are: it sat in their first column.
    const range = document.createRange();
    range.selectNodeContents(text);
    const words = range.getBoundingClientRect();
    const box = text.closest('section')!.getBoundingClientRect();
    await expect(Math.abs(words.left + words.width / 2 - (box.left + box.width / 2))).toBeLessThanOrEqual(2);
  },
};

export const Started: Story = {
  args: { now: '2026-06-11T19:00:01Z' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('');
  },
};
