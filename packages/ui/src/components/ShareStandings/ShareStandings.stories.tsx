import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ShareStandings } from './ShareStandings';

const meta = { title: 'Ranking/ShareStandings', component: ShareStandings, args: { onShare: fn(), canShareFiles: true } } satisfies Meta<typeof ShareStandings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithShareSheet: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button'));
    await expect(args.onShare).toHaveBeenCalled();
  },
};
// The link goes to the clipboard too: the button says so (a player lost what it held, unwarned).
export const DownloadAndCopy: Story = {
  args: { canShareFiles: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /link/i })).toBeVisible();
  },
};
