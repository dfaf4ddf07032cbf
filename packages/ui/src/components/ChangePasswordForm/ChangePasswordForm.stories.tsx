import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ChangePasswordForm } from './ChangePasswordForm';

const meta = { title: 'Settings/ChangePasswordForm', component: ChangePasswordForm, args: { onChange: fn(), onCancel: fn() } } satisfies Meta<typeof ChangePasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const TooShort: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText(/^(New password|Neues Passwort)$/), 'Ab!');
    await userEvent.tab();
    await expect(canvas.getByText(/at least 6|mindestens 6/)).toBeVisible();
    // Under the field it is about.
    await expect(canvas.getByText(/at least 6|mindestens 6/).previousElementSibling).toBe(canvas.getByLabelText(/^(New password|Neues Passwort)$/));
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Mismatch: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^(New password|Neues Passwort)$/), 'Secret!1');
    await userEvent.type(canvas.getByLabelText(/^(Repeat password|Passwort wiederholen)$/), 'Secret!2{Enter}');
    await expect(canvas.getByText(/^(The passwords do not match|Die Passwörter stimmen nicht überein)$/)).toBeVisible();
    await expect(canvas.getByText(/^(The passwords do not match|Die Passwörter stimmen nicht überein)$/).previousElementSibling).toBe(canvas.getByLabelText(/^(Repeat password|Passwort wiederholen)$/));
  },
};

/** A weak password and a different repeat: both said at once, each under its field. */
export const WeakAndMismatch: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText(/^(New password|Neues Passwort)$/), 'abcdefg');
    await userEvent.type(canvas.getByLabelText(/^(Repeat password|Passwort wiederholen)$/), 'abcdefh{Enter}');
    await expect(canvas.getByLabelText(/^(New password|Neues Passwort)$/)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText(/^(The passwords do not match|Die Passwörter stimmen nicht überein)$/)).toBeVisible();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** Typed and sent with the keyboard alone. */
export const Valid: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText(/^(New password|Neues Passwort)$/), 'Secret!1');
    await userEvent.type(canvas.getByLabelText(/^(Repeat password|Passwort wiederholen)$/), 'Secret!1{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('Secret!1');
  },
};
