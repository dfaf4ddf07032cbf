import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CorrectionNote } from './CorrectionNote';

const meta = {
  title: 'Dashboard/CorrectionNote',
  component: CorrectionNote,
  args: { correction: { at: '2024-06-14T21:30:00Z', source: 'admin', reason: 'Own goal credited late' } },
} satisfies Meta<typeof CorrectionNote>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ByTheOperator: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent('Own goal credited late');
    // Dated as everywhere else in the app: dd.MM.yyyy and 24-hour time, in both languages.
    await expect(canvas.getByRole('note').querySelector('time')).toHaveTextContent(/^\d{2}\.\d{2}\.2024 \d{2}:\d{2}$/);
  },
};
export const ByTheFeed: Story = { args: { correction: { at: '2024-06-14T21:30:00Z', source: 'feed', reason: null } } };
