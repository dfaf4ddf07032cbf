import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { useTeamName } from '../../team/useTeamName';
import { Toast, type ToastProps } from './Toast';

function LiveToast({ messageKey, ...props }: Omit<ToastProps, 'message'> & { messageKey: string }) {
  const { t } = useTranslation();
  const nameOf = useTeamName();
  const message = t(messageKey, { name: 'Ben', home: nameOf('de'), away: nameOf('gb-sct'), score: '5:1' });
  return <Toast {...props} message={message} />;
}

const meta = {
  title: 'Feedback/Toast',
  component: LiveToast,
  args: { kind: 'success', messageKey: 'message.playerJoined', onDismiss: fn() },
} satisfies Meta<typeof LiveToast>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PlayerJoined: Story = {};
export const PlayerLeft: Story = { args: { kind: 'error', messageKey: 'message.playerLeft' } };
export const NewGameScore: Story = { args: { messageKey: 'message.newGameScore' } };
export const GameStarted: Story = { args: { kind: 'info', messageKey: 'message.gameStarted' } };

export const DismissedByButton: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button'));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

/** The same timer as the 8.5 s toast, shortened so the story shows it going away. */
export const GoesAwayByItself: Story = {
  args: { durationMs: 300 },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onDismiss).toHaveBeenCalledTimes(1));
  },
};
