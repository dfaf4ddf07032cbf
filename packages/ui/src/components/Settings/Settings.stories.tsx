import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Language, Theme } from '@scorecast/rules';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MailReminderSwitch } from '../MailReminderSwitch/MailReminderSwitch';
import { Settings } from './Settings';

const allOn = { notify: true, notifyOnMissingPrediction: true, notifyOnGameStart: true, notifyOnGameFinished: true, notifyOnGameChange: false };

const meta = {
  title: 'Settings/Settings',
  component: Settings,
  // The selects show the toolbar's theme and language, so a story never contradicts what it shows.
  render: (args, { globals }) => <Settings {...args} theme={(globals.theme ?? 'Light') as Theme} language={(globals.language ?? 'en') as Language} />,
  argTypes: { theme: { control: false }, language: { control: false } },
  args: {
    login: 'anna@example.com',
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
} satisfies Meta<typeof Settings>;
export default meta;
type Story = StoryObj<typeof meta>;

const pushSwitches = (canvas: ReturnType<typeof within>) => within(canvas.getByRole('region', { name: /Push/ })).getAllByRole('switch');

export const PushOn: Story = {
  play: async ({ canvas, args }) => {
    const switches = pushSwitches(canvas);
    // The last switch covers changed kickoff times and teams, not scores (those come with finished games).
    await expect(switches[4]).toHaveAccessibleName(/^(When a game changes|Wenn sich ein Spiel ändert)$/);
    await userEvent.click(switches[4]!);
    await expect(args.onNotificationChange).toHaveBeenCalledWith('notifyOnGameChange', true);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: /Theme|Design/ }), 'Dark');
    await expect(args.onThemeChange).toHaveBeenCalledWith('Dark');
  },
};

/** Sub-switches are disabled, and shown off, while the main one is off. */
export const PushOff: Story = {
  args: { notifications: { ...allOn, notify: false } },
  play: async ({ canvas }) => {
    const [main, ...subs] = pushSwitches(canvas);
    await expect(main).toBeEnabled();
    for (const sub of subs) await expect(sub).toBeDisabled();
    // A fresh operator read knobs on the 'on' side as notifications that would come.
    for (const sub of subs) await expect(sub).not.toBeChecked();
    for (const sub of subs) await expect(getComputedStyle(sub).backgroundColor).toBe(getComputedStyle(main!).backgroundColor);
  },
};

export const PushUnsupported: Story = {
  args: { pushAvailable: false, notifications: { ...allOn, notify: false } },
  play: async ({ canvas }) => {
    for (const toggle of pushSwitches(canvas)) await expect(toggle).toBeDisabled();
  },
};

const onMailRemindersChange = fn();

/** The reminder mails' switch sits with the push switches and stays usable where push is not. */
export const MailRemindersBesidePush: Story = {
  args: { pushAvailable: false, notifications: { ...allOn, notify: false }, mailReminders: <MailReminderSwitch checked onChange={onMailRemindersChange} /> },
  play: async ({ canvas }) => {
    const switches = pushSwitches(canvas);
    await expect(switches).toHaveLength(6);
    await userEvent.click(switches[5]!);
    await expect(onMailRemindersChange).toHaveBeenCalledWith(false);
  },
};

export const DeleteAccountWithOwnGroups: Story = { args: { ownsGroupsWithOthers: true } };
