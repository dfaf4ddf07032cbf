import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, fn } from 'storybook/test';
import { NoConnection } from '../components/NoConnection/NoConnection';
import { Popup } from '../components/Popup/Popup';
import { Toast } from '../components/Toast/Toast';
import { DashboardScreen, SignedIn, liveGameDay } from './screenData';

/** States of every signed-in route: the server unreachable, loading, live messages (spec sections 2, 4 and 8). */
const meta = {
  title: 'Screens/App',
  tags: ['!autodocs', 'screen'],
  parameters: { frame: 'page' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Settings could not be loaded: 'no connection to server' in place of the route, with a retry. */
export const NoConnectionToServer: Story = {
  render: () => (
    <SignedIn path="/">
      <NoConnection onRetry={fn()} />
    </SignedIn>
  ),
};
export const NoConnectionRetrying: Story = {
  render: () => (
    <SignedIn path="/">
      <NoConnection onRetry={fn()} retrying />
    </SignedIn>
  ),
};

function Loading() {
  const { t } = useTranslation();
  return (
    <SignedIn path="/" groupsShown={[]} selectedGroupId={undefined}>
      <Popup kind="loader" title={t('popup.kind.loader')} onClose={fn()} />
    </SignedIn>
  );
}
/** While settings, groups and games load, before the dashboard opens. */
export const LoadingSession: Story = { name: 'Loading', render: () => <Loading /> };

function LiveMessages() {
  const { t } = useTranslation();
  return (
    <SignedIn path="/">
      <DashboardScreen {...liveGameDay} playerCount={8} />
      <Toast kind="success" message={t('message.playerJoined', { name: 'Greta' })} onDismiss={fn()} durationMs={600_000} />
      <Toast kind="error" message={t('message.playerLeft', { name: 'Felix' })} onDismiss={fn()} durationMs={600_000} />
    </SignedIn>
  );
}
/** Two live messages at once (a player joined, another left): stacked, both readable. */
export const TwoToasts: Story = { render: () => <LiveMessages /> };
/** The second toast does not cover the first. */
export const TwoToastsBothVisible: Story = {
  ...TwoToasts,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas }) => {
    const joined = canvas.getByRole('status').getBoundingClientRect();
    const left = canvas.getByRole('alert').getBoundingClientRect();
    await expect(left.bottom <= joined.top || joined.bottom <= left.top).toBe(true);
  },
};
