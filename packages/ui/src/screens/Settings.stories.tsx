import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Language, Theme } from '@scorecast/rules';
import { fn } from 'storybook/test';
import { Settings, type SettingsProps } from '../components/Settings/Settings';
import { ownLogin, SignedIn } from './screenData';

const allOn = { notify: true, notifyOnMissingPrediction: true, notifyOnGameStart: true, notifyOnGameFinished: true, notifyOnGameChange: false };

/**
 * Settings (`/settings`, spec section 2). The theme and language selects show what the toolbar shows,
 * so the screen never contradicts itself.
 */
const meta = {
  title: 'Screens/Settings',
  component: Settings,
  tags: ['!autodocs', 'screen'],
  parameters: { frame: 'page' },
  render: (args, { globals }) => (
    <SignedIn path="/settings">
      <Settings {...args} theme={(globals.theme ?? 'Light') as Theme} language={(globals.language ?? 'en') as Language} />
    </SignedIn>
  ),
  args: {
    login: ownLogin,
    notifications: allOn,
    pushAvailable: true,
    theme: 'Light',
    language: 'en',
    ownsGroupsWithOthers: false,
    onNotificationChange: fn(),
    onThemeChange: fn(),
    onLanguageChange: fn(),
    onLogout: fn(),
    onDeleteAccount: fn(),
  },
  argTypes: { theme: { control: false }, language: { control: false } },
} satisfies Meta<SettingsProps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PushOn: Story = {};
/** Push off: the sub-switches wait for the main one. */
export const PushOff: Story = { args: { notifications: { ...allOn, notify: false } } };
/** The browser cannot do push, or it was denied: every switch disabled, with the reason. */
export const PushUnsupported: Story = { args: { pushAvailable: false, notifications: { ...allOn, notify: false } } };
/** The browser refused the last attempt. */
export const PushRefused: Story = { args: { pushRefused: true, notifications: { ...allOn, notify: false } } };
/** Deleting the account warns about own groups with other players. */
export const OwnsGroupsWithOthers: Story = { args: { ownsGroupsWithOthers: true } };

