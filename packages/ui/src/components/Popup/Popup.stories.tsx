import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Popup, POPUP_KINDS, type PopupProps } from './Popup';

/** Messages come from the locales, so every story follows the language switch. */
type TranslatedPopupProps = Omit<PopupProps, 'message' | 'title'> & { messageKey?: string | undefined; titleKey?: string | undefined };

function TranslatedPopup({ messageKey, titleKey, buttons, ...props }: TranslatedPopupProps) {
  const { t } = useTranslation();
  const translatedButtons = buttons?.map((item) => ({ ...item, label: t(item.label) }));
  return <Popup {...props} buttons={translatedButtons} title={titleKey ? t(titleKey) : undefined} message={messageKey ? t(messageKey, { login: 'anna@example.com' }) : undefined} />;
}

const meta = {
  title: 'Feedback/Popup',
  component: Popup,
  render: (args) => <TranslatedPopup {...args} />,
  parameters: { frame: 'page' },
  argTypes: { kind: { control: 'select', options: POPUP_KINDS }, timerMs: { control: { type: 'number', min: 0, step: 500 } } },
  args: { kind: 'success', messageKey: 'message.passwordChanged', onClose: fn() },
} satisfies Meta<TranslatedPopupProps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const Error: Story = { args: { kind: 'error', messageKey: 'message.failedToSavePrediction' } };
export const Warning: Story = { args: { kind: 'warning', messageKey: 'message.accountAlreadyActivated' } };
export const Loader: Story = { args: { kind: 'loader', messageKey: undefined } };
export const GroupFull: Story = { args: { kind: 'error', messageKey: 'message.groupFull' } };
export const UserAlreadyExists: Story = { args: { kind: 'error', messageKey: 'message.userAlreadyExists' } };

export const Question: Story = {
  args: {
    kind: 'question',
    messageKey: 'message.notActivated',
    buttons: [
      { label: 'popup.ok', onClick: fn() },
      { label: 'message.resendActivation', onClick: fn(), variant: 'secondary' },
    ],
  },
};

/** The buttons of one popup share one width, side by side or stacked. */
export const ButtonsShareOneWidth: Story = {
  ...Question,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas }) => {
    const [ok, resend] = canvas.getAllByRole('button').map((button) => button.getBoundingClientRect().width);
    await expect(Math.abs(ok! - resend!)).toBeLessThan(1);
  },
};

/** A success popup with the 2 s timer of the spec closes itself. */
export const ClosesByTimer: Story = {
  tags: ['!dev', '!autodocs'],
  args: { timerMs: 2000 },
  play: async ({ args }) => {
    await expect(args.onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1), { timeout: 4000 });
  },
};

export const EscapeCloses: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('button', { name: 'OK' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const OkButtonCloses: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ args }) => {
    await userEvent.keyboard('{Enter}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};


/** A page with a button that opens the popup, as the app shows one over a screen. */
function OverAPage(props: TranslatedPopupProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <button type="button">behind</button>
      {open && (
        <TranslatedPopup
          {...props}
          onClose={() => {
            props.onClose();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

/**
 * Tab goes round the popup's buttons, not to the page behind it, and the popup is described by its
 * message; closed, it gives the focus back to what opened it (it fell to the page's top).
 */
export const KeepsTheKeyboard: Story = {
  ...Question,
  tags: ['!dev', '!autodocs'],
  render: (args) => <OverAPage {...args} />,
  play: async ({ canvas }) => {
    const opener = canvas.getByRole('button', { name: 'open' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await canvas.findByRole('dialog');
    await expect(dialog).toHaveAccessibleDescription(/not activated|nicht aktiviert/);
    for (let step = 0; step < 5; step++) {
      await userEvent.tab({ shift: step === 3 });
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
  },
};

/** A page whose opening button goes away while the popup shows (a form replaced by the next step). */
function OpenerGoesAway(props: TranslatedPopupProps) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Log in</h1>
      {!open && (
        <button type="button" onClick={() => setOpen(true)}>
          open
        </button>
      )}
      {open && <TranslatedPopup {...props} onClose={() => (props.onClose(), setOpen(false))} />}
    </main>
  );
}

/** Closed after what opened it went away, the focus goes to the page's heading, not to the top of the document. */
export const FocusToTheHeadingWhenTheOpenerIsGone: Story = {
  tags: ['!dev', '!autodocs'],
  render: (args) => <OpenerGoesAway {...args} />,
  play: async ({ canvas }) => {
    canvas.getByRole('button', { name: 'open' }).focus();
    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('heading', { name: 'Log in', level: 1 })).toHaveFocus();
  },
};

/** A message without buttons holds the focus in its box, with no ring around the whole box (a fan found it heavy). */
export const TimedMessageHasNoFocusRing: Story = {
  tags: ['!dev', '!autodocs'],
  args: { kind: 'error', messageKey: 'message.failedToSavePrediction', timerMs: 60_000 },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('dialog');
    // After a key press the browser shows focus rings (:focus-visible) even for focus set by a script.
    await userEvent.keyboard('{Shift}');
    box.blur();
    box.focus();
    await expect(box).toHaveFocus();
    await expect(getComputedStyle(box).outlineStyle).toBe('none');
  },
};
