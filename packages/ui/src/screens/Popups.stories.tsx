import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { MAX_GROUPS_PER_PLAYER } from '@scorecast/rules';
import { fn } from 'storybook/test';
import { InvitationPopup } from '../components/InvitationPopup/InvitationPopup';
import { Popup, POPUP_KINDS, type PopupKind } from '../components/Popup/Popup';
import { DashboardScreen, SignedIn, liveGameDay, ownLogin } from './screenData';

type PopupScreenProps = { kind: PopupKind; messageKey: string };

/** A popup of spec section 8 over the schedule, the way Root of apps/web shows a notice. */
function PopupScreen({ kind, messageKey }: PopupScreenProps) {
  const { t } = useTranslation();
  return (
    <SignedIn path="/">
      <DashboardScreen {...liveGameDay} playerCount={8} />
      <Popup kind={kind} message={t(messageKey, { login: ownLogin, count: MAX_GROUPS_PER_PLAYER })} onClose={fn()} />
    </SignedIn>
  );
}

/** Every popup message of spec section 8 (Error catalogue) and the success messages of section 4. */
const meta = {
  title: 'Screens/Popups',
  component: PopupScreen,
  tags: ['!autodocs', 'screen'],
  parameters: { frame: 'page' },
  argTypes: { kind: { control: 'select', options: POPUP_KINDS } },
  args: { kind: 'error', messageKey: 'message.failedToSavePrediction' },
} satisfies Meta<typeof PopupScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const error = (messageKey: string): Story => ({ args: { kind: 'error', messageKey } });
const success = (messageKey: string): Story => ({ args: { kind: 'success', messageKey } });

export const FailedToSavePrediction: Story = {};
export const GroupFull = error('message.groupFull');
export const TooManyGroups = error('message.tooManyGroups');
export const SessionEnded: Story = { args: { kind: 'warning', messageKey: 'message.sessionEnded' } };
export const FailedToAcceptInvitation = error('message.failedToAcceptInvitation');
export const FailedToDeleteGroup = error('message.failedToDeleteGroup');
export const FailedToLeaveGroup = error('message.failedToLeaveGroup');
export const FailedToRenamePlayer = error('message.failedToRenamePlayer');
export const FailedToCreateGroup = error('message.failedToCreateGroup');
export const FailedToUpdateGroup = error('message.failedToUpdateGroup');
export const FailedToSetTheme = error('message.failedToSetTheme');
export const FailedToSetLanguage = error('message.failedToSetLanguage');
export const PaymentFailed = error('message.paymentFailed');
export const PaymentsNotPossible = error('message.paymentsNotPossible');
export const FailedToChangePassword = error('message.failedToChangePassword');
export const FailedToActivateAccount = error('message.failedToActivateAccount');
export const FailedToRegisterAccount = error('message.failedToRegisterAccount');
export const UserAlreadyExists = error('message.userAlreadyExists');
export const FailedToResetPassword = error('message.failedToResetPassword');
export const FailedToSendActivationEmail = error('message.failedToSendActivationEmail');
export const MailUnavailable = error('message.mailUnavailable');
export const FailedToUnsubscribe = error('message.failedToUnsubscribe');
export const FailedToDeleteAccount = error('message.failedToDeleteAccount');
export const AccountAlreadyActivated: Story = { args: { kind: 'warning', messageKey: 'message.accountAlreadyActivated' } };
export const AccountActivated = success('message.accountActivated');
export const CheckMailToActivate = success('message.checkMailToActivate');
export const ResetLinkSent = success('message.resetLinkSent');
export const PasswordChanged = success('message.passwordChanged');
export const Unsubscribed = success('message.unsubscribed');
export const AccountDeleted = success('message.accountDeleted');

/** A pending invitation when signed in: the own name in that group, then Accept or Refuse. */
export const Invitation: Story = {
  render: () => (
    <SignedIn path="/">
      <DashboardScreen {...liveGameDay} playerCount={8} />
      <InvitationPopup invitorName="Ben" groupName="Office Pool" onNameChange={fn()} onAccept={fn()} onRefuse={fn()} />
    </SignedIn>
  ),
};
