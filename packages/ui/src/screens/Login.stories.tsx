import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { fn } from 'storybook/test';
import { LOGIN_MODES, LoginBox, type LoginBoxProps } from '../components/LoginBox/LoginBox';
import { Popup } from '../components/Popup/Popup';

type LoginScreenProps = LoginBoxProps & {
  /** A popup over the box: a bad action link, or a login of an account not activated yet. */
  popup?: 'linkInvalid' | 'notActivated' | undefined;
};

/** The login screen as apps/web's LoginPage lays it out, with the popups the spec shows over it. */
function LoginScreen({ popup, ...props }: LoginScreenProps) {
  const { t } = useTranslation();
  return (
    <main>
      <LoginBox {...props} />
      {popup === 'linkInvalid' && <Popup kind="error" message={t('message.linkInvalid')} onClose={fn()} />}
      {popup === 'notActivated' && (
        <Popup
          kind="question"
          message={t('message.notActivated')}
          buttons={[
            { label: t('popup.ok'), onClick: fn() },
            { label: t('message.resendActivation'), onClick: fn(), variant: 'secondary' },
          ]}
          onClose={fn()}
        />
      )}
    </main>
  );
}

/**
 * The login screen, routes `/login`, `/login/password`, `/login/password/reset`, `/login/register`
 * (spec section 2, Login screen, and section 4, Login modes and link handling).
 */
const meta = {
  title: 'Screens/Login',
  component: LoginScreen,
  tags: ['!autodocs', 'screen'],
  parameters: { frame: 'page' },
  args: { mode: 'login', language: 'en', onLanguageChange: fn(), onSubmit: fn(), onBack: fn() },
  argTypes: {
    mode: { control: 'select', options: LOGIN_MODES },
    popup: { control: 'select', options: [undefined, 'linkInvalid', 'notActivated'] },
    failedAttempts: { control: { type: 'number', min: 0, max: 5 } },
  },
  render: (args, { globals }) => <LoginScreen {...args} language={globals.language === 'de' ? 'de' : 'en'} />,
} satisfies Meta<typeof LoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Login: Story = {};
export const Register: Story = { args: { mode: 'register' } };
export const ForgotPassword: Story = { args: { mode: 'resetRequest' } };
/** Reached through the reset link of the mail: the account is named. */
export const NewPassword: Story = { args: { mode: 'reset', account: 'anna@example.com' } };
/** Reached through the newsletter's unsubscribe link, the address filled in. */
export const Unsubscribe: Story = { args: { mode: 'unsubscribe', initialEmail: 'anna@example.com' } };
/** An invitation link: whose group it is stands above the form. */
export const InvitationPending: Story = { args: { invitation: { invitorName: 'Ben', groupName: 'Bolzplatz Legends' } } };
/** The group has no seat left: said before a newcomer registers for nothing. */
export const InvitationToFullGroup: Story = { args: { invitation: { invitorName: 'Ben', groupName: 'Bolzplatz Legends', isFull: true } } };
/** The group's tournament is over: said before a newcomer registers to join it. */
export const InvitationToPastGroup: Story = { args: { invitation: { invitorName: 'Ben', groupName: 'Bolzplatz Legends', isOver: true } } };
/** Wrong e-mail or password: the password is cleared and a message says so. */
export const LoginFailed: Story = { args: { failedAttempts: 1 } };
/** A bad action link: 'the called link is invalid', then login mode. */
export const LinkInvalid: Story = { args: { popup: 'linkInvalid' } };
/** A login of an account not activated yet: check the mails, or send the activation mail again. */
export const NotActivated: Story = { args: { popup: 'notActivated' } };
