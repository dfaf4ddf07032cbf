import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Popup, POPUP_KINDS, type PopupProps } from './Popup';

/** Messages come from the locales, so every story follows the language switch. */
type TranslatedPopupProps = Omit<PopupProps, 'message' | 'title'> & { messageKey?: string | undefined; titleKey?: string | undefined };

function TranslatedPopup({ messageKey, titleKey, buttons, ...props }: TranslatedPopupProps) {
  const { t } = useTranslation();
  const translatedButtons = buttons?.map((item) => ({ ...item, label: t(item.label) }));
  return <Popup {...props} buttons={translatedButtons} title={titleKey ? t(titleKey) : undefined} message={messageKey ? t(messageKey, { login: 'anna@example.com' }) : undefined} />;
}

const meta = {
  title: 'Feedback/Popup',
  component: Popup,
  render: (args) => <TranslatedPopup {...args} />,
  parameters: { frame: 'page' },
  argTypes: { kind: { control: 'select', options: POPUP_KINDS }, timerMs: { control: { type: 'number', min: 0, step: 500 } } },
  args: { kind: 'success', messageKey: 'message.passwordChanged', onClose: fn() },
} satisfies Meta<TranslatedPopupProps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const Error: Story = { args: { kind: 'error', messageKey: 'message.failedToSavePrediction' } };
export const Warning: Story = { args: { kind: 'warning', messageKey: 'message.accountAlreadyActivated' } };
export const Loader: Story = { args: { kind: 'loader', messageKey: undefined } };
export const GroupFull: Story = { args: { kind: 'error', messageKey: 'message.groupFull' } };
export const UserAlreadyExists: Story = { args: { kind: 'error', messageKey: 'message.userAlreadyExists' } };

export const Question: Story = {
  args: {
    kind: 'question',
    messageKey: 'message.notActivated',
    buttons: [
      { label: 'popup.ok', onClick: fn() },
      { label: 'message.resendActivation', onClick: fn(), variant: 'secondary' },
    ],
  },
};

/** The buttons of one popup share one width, side by side or stacked. */
export const ButtonsShareOneWidth: Story = {
  ...Question,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas }) => {
    const [ok, resend] = canvas.getAllByRole('button').map((button) => button.getBoundingClientRect().width);
    await expect(Math.abs(ok! - resend!)).toBeLessThan(1);
  },
};

/** A success popup with the 2 s timer of the spec closes itself. */
export const ClosesByTimer: Story = {
  tags: ['!dev', '!autodocs'],
  args: { timerMs: 2000 },
  play: async ({ args }) => {
    await expect(args.onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1), { timeout: 4000 });
  },
};

export const EscapeCloses: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('button', { name: 'OK' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const OkButtonCloses: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ args }) => {
    await userEvent.keyboard('{Enter}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

