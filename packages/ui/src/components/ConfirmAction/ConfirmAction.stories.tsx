import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, fn, userEvent } from 'storybook/test';
import { ConfirmAction } from './ConfirmAction';

type TranslatedConfirmProps = { keys: string[]; actionKey: string; onConfirm: () => void };

function TranslatedConfirm({ keys, actionKey, onConfirm }: TranslatedConfirmProps) {
  const { t } = useTranslation();
  return (
    <ConfirmAction confirmations={keys.map((key) => t(key))} actionLabel={t(actionKey)} onConfirm={onConfirm} />
  );
}

const meta = {
  title: 'Feedback/ConfirmAction',
  parameters: { frame: 'card' },
  // The stories pass locale keys, so the language switch applies; the docs page also lists ConfirmAction's own props.
  component: TranslatedConfirm,
  subcomponents: { ConfirmAction },
  args: { keys: ['groupActions.confirmDelete'], actionKey: 'groupActions.delete', onConfirm: fn() },
} satisfies Meta<typeof TranslatedConfirm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DeleteGroup: Story = {};
export const LeaveGroup: Story = { args: { keys: ['groupActions.confirmLeave'], actionKey: 'groupActions.leave' } };

/** Account deletion needs two confirmations; the keyboard alone can tick them and press delete. */
export const DeleteAccountNeedsTwoConfirmations: Story = {
  args: { keys: ['settings.confirmDeleteAccount', 'settings.confirmDeleteAccountAgain'], actionKey: 'settings.deleteAccount' },
  play: async ({ canvas, args }) => {
    const [first, second] = canvas.getAllByRole('switch');
    const action = canvas.getByRole('button');
    await expect(action).toBeDisabled();
    await userEvent.tab();
    await expect(first).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(action).toBeDisabled();
    await userEvent.tab();
    await expect(second).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(action).toBeEnabled();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};
