import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, waitFor } from 'storybook/test';
import { InviteBlock } from './InviteBlock';

const meta = {
  title: 'Ranking/InviteBlock',
  component: InviteBlock,
  args: { groupId: '6f1c2a9e4b7d4e0f9a3b5c7d1e2f4a6b', groupName: 'Bolzplatz Legends', competitionName: 'World Cup 2026', playerCount: 1, maxPlayers: 10, origin: 'https://scorecast.example', onNativeShare: undefined },
} satisfies Meta<typeof InviteBlock>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AlonePlayer: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /e-mail/i }).getAttribute('href')).toContain(encodeURIComponent('/login?invitation=6f1c2a9e4b7d4e0f9a3b5c7d1e2f4a6b'));
  },
};
export const MissingAFriend: Story = { args: { playerCount: 7 } };
export const Unlimited: Story = { args: { playerCount: 31, maxPlayers: null } };
export const Full: Story = { args: { playerCount: 10 } };
export const WithNativeShare: Story = {
  args: { playerCount: 4, onNativeShare: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /other apps|anderen Apps/ }));
    await expect(args.onNativeShare).toHaveBeenCalledWith(expect.stringContaining('Bolzplatz Legends'), 'https://scorecast.example/login?invitation=6f1c2a9e4b7d4e0f9a3b5c7d1e2f4a6b');
  },
};

/**
 * The text any member sends: the group's, not 'my group' (a member who is not its creator shared it
 * too), and German without 'bei … bei'.
 */
export const InvitationTextFromAnyMember: Story = {
  tags: ['!dev', '!autodocs'],
  args: { playerCount: 4, onNativeShare: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /other apps|anderen Apps/ }));
    await expect(args.onNativeShare).toHaveBeenCalledWith(
      expect.stringMatching(/^(Join the group Bolzplatz Legends on Scorecast and predict the World Cup 2026: |Tritt der Gruppe Bolzplatz Legends auf Scorecast bei und tippe die World Cup 2026: )/),
      expect.any(String),
    );
  },
};

/** The link alone goes to the clipboard, for any chat the player uses; a browser that refuses shows it selected instead. */
export const CopyInvitationLink: Story = {
  tags: ['!dev', '!autodocs'],
  args: { playerCount: 4 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Copy invitation link|Einladungslink kopieren/ }));
    const link = 'https://scorecast.example/login?invitation=6f1c2a9e4b7d4e0f9a3b5c7d1e2f4a6b';
    await waitFor(() => expect(canvas.queryByText(/Invitation link copied|Einladungslink kopiert/) ?? canvas.getByDisplayValue(link)).toBeVisible());
  },
};

/** Copied, it says for a moment that the invitation link was copied (it said a picture was downloaded, which none was). */
export const InvitationLinkCopied: Story = {
  tags: ['!dev', '!autodocs'],
  args: { playerCount: 4 },
  play: async ({ canvas }) => {
    const writeText = navigator.clipboard ? spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined) : undefined;
    if (!navigator.clipboard) Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: fn().mockResolvedValue(undefined) } });
    try {
      await userEvent.click(canvas.getByRole('button', { name: /Copy invitation link|Einladungslink kopieren/ }));
      await expect(await canvas.findByText(/^(Invitation link copied\.|Einladungslink kopiert\.)$/)).toBeVisible();
      // Said for a moment, as the spec's success messages are: it stayed for good, stale beside later news.
      await waitFor(() => expect(canvas.queryByText(/^(Invitation link copied\.|Einladungslink kopiert\.)$/)).toBeNull(), { timeout: 4000 });
    } finally {
      writeText?.mockRestore();
    }
  },
};

/** At a desktop's width each way to invite keeps its label on one line (in German two broke in two beside two that did not). */
export const OnADesktop: Story = {
  tags: ['!autodocs'],
  args: { playerCount: 2, onNativeShare: undefined },
  decorators: [(Story) => <div style={{ width: 820 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const linesOf = (element: Element) => {
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    const ways = [...canvasElement.querySelectorAll('a, button')];
    await expect(ways.length).toBeGreaterThanOrEqual(4);
    await expect(ways.filter((way) => linesOf(way) > 1).map((way) => way.textContent)).toEqual([]);
  },
};
