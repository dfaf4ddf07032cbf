import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { MailReminderSwitch } from './MailReminderSwitch';

const meta = { title: 'Settings/MailReminderSwitch', component: MailReminderSwitch, parameters: { frame: 'card' }, args: { checked: true, onChange: fn() } } satisfies Meta<typeof MailReminderSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const On: Story = {
  play: async ({ canvas, args }) => {
    // What the mails are is read with the switch, not left in a paragraph beside it.
    await expect(canvas.getByRole('switch')).toHaveAccessibleDescription(canvas.getByText(/.+/, { selector: 'p' }).textContent!);
    await userEvent.click(canvas.getByRole('switch'));
    await expect(args.onChange).toHaveBeenCalledWith(false);
  },
};
export const Off: Story = { args: { checked: false } };
