import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { LOGIN_MODES, LoginBox, type LoginBoxProps } from './LoginBox';

const meta = {
  title: 'Login/LoginBox',
  component: LoginBox,
  args: { mode: 'login', onSubmit: fn(), onBack: fn() },
  argTypes: { mode: { control: 'select', options: LOGIN_MODES }, failedAttempts: { control: { type: 'number', min: 0 } } },
} satisfies Meta<typeof LoginBox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The box fades in 300 ms after load; once in, login works with the keyboard alone. */
export const Login: Story = {
  play: async ({ canvas, args }) => {
    const form = canvas.getByRole('form');
    await expect(getComputedStyle(form).animationDelay).toBe('0.3s');
    await waitFor(() => expect(form).toBeVisible(), { timeout: 3000 });
    await userEvent.type(canvas.getByLabelText(/^E-mail$/i), ' Anna@Example.com ');
    await userEvent.type(canvas.getByLabelText(/^(Password|Passwort)$/), 'secret{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ mode: 'login', login: 'anna@example.com', password: 'secret', passwordRepeat: '' });
    // Register and forgot-password are targets of 24 px at least (WCAG 2.2, 2.5.8): they were 15.
    for (const link of canvas.getAllByRole('link')) await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
    // A page's heading takes the focus by script when the page opens (not with Tab): no frame is
    // drawn round it (a black box stood round 'Log in' after a mailed link).
    const heading = canvas.getByRole('heading', { level: 1 });
    heading.tabIndex = -1;
    heading.focus();
    await expect(getComputedStyle(heading).outlineStyle).toBe('none');
  },
};

export const Register: Story = {
  args: { mode: 'register' },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText(/^E-mail$/i), 'anna@example');
    await userEvent.type(canvas.getByLabelText(/^(Password|Passwort)$/), 'Secret!1');
    await userEvent.type(canvas.getByLabelText(/^(Repeat password|Passwort wiederholen)$/), 'Secret!1{Enter}');
    await expect(canvas.getByText(/E-mail address invalid|E-Mail-Adresse ungültig/)).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    // Refused, the focus goes to the field to fix, whose error is read with it.
    await expect(canvas.getByLabelText(/^E-mail$/i)).toHaveFocus();
    await expect(canvas.getByLabelText(/^E-mail$/i)).toHaveAccessibleDescription(/E-mail address invalid|E-Mail-Adresse ungültig/);
  },
};
/** Sent and waiting for the server (a slow network): the button says so and takes no second tap. */
export const Busy: Story = {
  args: { mode: 'register', busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Register|Registrieren/ })).toBeDisabled();
  },
};
export const ResetRequest: Story = { args: { mode: 'resetRequest' } };
export const Reset: Story = {
  args: { mode: 'reset' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^(Password|Passwort)$/), 'secret!1');
    await userEvent.type(canvas.getByLabelText(/^(Repeat password|Passwort wiederholen)$/), 'secret!1{Enter}');
    await expect(canvas.getByText(/Password invalid|Passwort ungültig/)).toBeInTheDocument();
  },
};
export const Unsubscribe: Story = { args: { mode: 'unsubscribe', initialEmail: 'anna@example.com' } };

function FailingLogin(props: LoginBoxProps) {
  const [failed, setFailed] = useState(0);
  return <LoginBox {...props} failedAttempts={failed} onSubmit={(credentials) => { props.onSubmit(credentials); setFailed(failed + 1); }} />;
}

/** After a failed login the password is cleared and focused again. */
export const FailedLogin: Story = {
  render: (args) => <FailingLogin {...args} />,
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^E-mail$/i), 'anna@example.com');
    const password = canvas.getByLabelText(/^(Password|Passwort)$/);
    await userEvent.type(password, 'wrong{Enter}');
    await expect(password).toHaveValue('');
    await expect(password).toHaveFocus();
  },
};
