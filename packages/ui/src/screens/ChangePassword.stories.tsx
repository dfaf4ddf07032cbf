import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent } from 'storybook/test';
import { ChangePasswordForm, type ChangePasswordFormProps } from '../components/ChangePasswordForm/ChangePasswordForm';
import { SignedIn } from './screenData';

/** Change password, route `/settings/change-password` (spec section 2): new password twice. */
const meta = {
  title: 'Screens/Change password',
  component: ChangePasswordForm,
  tags: ['!autodocs', 'screen'],
  parameters: { frame: 'page' },
  render: (args) => (
    <SignedIn path="/settings/change-password">
      <ChangePasswordForm {...args} />
    </SignedIn>
  ),
  args: { onChange: fn(), onCancel: fn() },
} satisfies Meta<ChangePasswordFormProps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
/** The password policy's message under the field it is about. */
export const PasswordTooShort: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^(New password|Neues Passwort)$/), 'Ab!');
    await userEvent.tab();
  },
};
/** The repeat differs: the mismatch under the repeat field. */
export const PasswordsMismatch: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^(New password|Neues Passwort)$/), 'Secret!1');
    await userEvent.type(canvas.getByLabelText(/^(Repeat password|Passwort wiederholen)$/), 'Secret!2{Enter}');
  },
};
