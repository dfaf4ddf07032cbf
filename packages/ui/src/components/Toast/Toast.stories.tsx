import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { useTeamName } from '../../team/useTeamName';
import { Toast, type ToastProps } from './Toast';

type LiveToastProps = Omit<ToastProps, 'message'> & { messageKey: string };

function LiveToast({ messageKey, ...props }: LiveToastProps) {
  const { t } = useTranslation();
  const nameOf = useTeamName();
  const message = t(messageKey, { name: 'Ben', home: nameOf('de'), away: nameOf('gb-sct'), score: '5:1' });
  return <Toast {...props} message={message} />;
}

const meta = {
  title: 'Feedback/Toast',
  // The stories pass locale keys, so the language switch applies; the docs page also lists Toast's own props.
  component: LiveToast,
  subcomponents: { Toast },
  parameters: { frame: 'page' },
  argTypes: { kind: { control: 'select', options: ['success', 'error', 'info'] }, durationMs: { control: { type: 'number', min: 0, step: 500 } } },
  args: { kind: 'success', messageKey: 'message.playerJoined', onDismiss: fn() },
} satisfies Meta<typeof LiveToast>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PlayerJoined: Story = {};
export const PlayerLeft: Story = { args: { kind: 'error', messageKey: 'message.playerLeft' } };
export const NewGameScore: Story = { args: { messageKey: 'message.newGameScore' } };
export const GameStarted: Story = { args: { kind: 'info', messageKey: 'message.gameStarted' } };

export const DismissedByButton: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button'));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

/** The same timer as the 8.5 s toast, shortened so the story shows it going away. */
export const GoesAwayByItself: Story = {
  tags: ['!dev', '!autodocs'],
  args: { durationMs: 300 },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onDismiss).toHaveBeenCalledTimes(1));
  },
};
