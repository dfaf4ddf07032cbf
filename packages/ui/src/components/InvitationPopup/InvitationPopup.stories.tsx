import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { InvitationPopup } from './InvitationPopup';

const meta = {
  title: 'Login/InvitationPopup',
  parameters: { frame: 'page' },
  component: InvitationPopup,
  args: { invitorName: 'Ben', groupName: 'Bolzplatz Legends', onAccept: fn(), onRefuse: fn() },
} satisfies Meta<typeof InvitationPopup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The group has no seat left: said at once, with no name asked for (a fresh player typed one, then heard it was full). */
export const FullGroup: Story = {
  args: { isFull: true, onClose: fn() },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/but it is full right now|aber sie ist gerade voll/)).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Accept|Annehmen/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /^(OK)$/ }));
    await expect(args.onClose).toHaveBeenCalled();
    await expect(args.onRefuse).not.toHaveBeenCalled();
  },
};

/** The group's tournament is over: said at once, and OK lets the invitation go for good. */
export const PastTournamentGroup: Story = {
  args: { isOver: true, onClose: fn() },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/its tournament is over|ihr Turnier ist vorbei/)).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Accept|Annehmen/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /^(OK)$/ }));
    await expect(args.onRefuse).toHaveBeenCalled();
  },
};

/** Accept stays disabled until a valid name is typed. */
export const AcceptNeedsAName: Story = {
  play: async ({ canvas, args }) => {
    const accept = canvas.getByRole('button', { name: /Accept|Annehmen/ });
    await expect(accept).toBeDisabled();
    await userEvent.type(canvas.getByRole('textbox'), 'Anna');
    await expect(accept).toBeEnabled();
    await userEvent.click(accept);
    await expect(args.onAccept).toHaveBeenCalledWith('Anna');
  },
};

/** The dialog is described by who invites to which group, and Enter in the name accepts as a form would. */
export const EnterAccepts: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('dialog')).toHaveAccessibleDescription(/Ben.*Bolzplatz Legends/);
    await userEvent.keyboard('{Enter}');
    await expect(args.onAccept).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox'), 'Anna{Enter}');
    await expect(args.onAccept).toHaveBeenCalledWith('Anna');
  },
};

/** A name longer than 24 characters, the longest the game allows, is said to be too long (not cut off unseen), and Accept waits. */
export const NameLongerThan24Characters: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox'), 'Anna-Katharina von Hohenberg');
    await expect(canvas.getByRole('textbox')).toHaveValue('Anna-Katharina von Hohenberg');
    await expect(canvas.getByText(/At most 24 characters|Höchstens 24 Zeichen/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Accept|Annehmen/ })).toBeDisabled();
  },
};

/** The server's live check found the name taken: the reason shows under the field and Accept waits. */
export const ServerNameError: Story = {
  args: { playerNameError: 'playerNameTaken' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox'), 'Ben');
    await expect(canvas.getByText(/already taken|schon vergeben/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Accept|Annehmen/ })).toBeDisabled();
  },
};

export const EscapeRefuses: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ args }) => {
    await userEvent.keyboard('{Escape}');
    await expect(args.onRefuse).toHaveBeenCalled();
  },
};
