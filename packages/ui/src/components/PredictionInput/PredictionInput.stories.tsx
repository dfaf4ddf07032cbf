import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { PredictionInput, SAVE_AFTER_PAUSE_MS } from './PredictionInput';

const meta = {
  title: 'Dashboard/PredictionInput',
  component: PredictionInput,
  args: { saved: undefined, label: 'Your prediction for Spain against Croatia', placeholder: '–:–', onSave: fn() },
  decorators: [(Story) => <div style={{ padding: 16 }}><Story /></div>],
} satisfies Meta<typeof PredictionInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Saved: Story = { args: { saved: { homeGoals: 3, awayGoals: 0 } } };

export const BlocksOtherKeys: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox');
    await userEvent.type(input, 'a2b:x1-:');
    await expect(input).toHaveValue('2:1');
    await userEvent.tab();
    await expect(args.onSave).toHaveBeenCalledWith({ homeGoals: 2, awayGoals: 1 });
  },
};

/** A whole score is saved after a pause in typing, the caret still in the field: typed just before kickoff and never left, it was lost. */
export const TypedScoreIsSavedAfterAPause: Story = {
  tags: ['!dev', '!autodocs'],
  // As the app does: what is saved is shown as saved at once.
  render: function Render(args) {
    const [saved, setSaved] = useState(args.saved);
    return (
      <PredictionInput
        {...args}
        saved={saved}
        onSave={(score) => {
          void args.onSave(score);
          setSaved(score);
        }}
      />
    );
  },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox');
    // 1:1 on the way to 1:10 is not sent.
    await userEvent.type(input, '1:10');
    await waitFor(() => expect(args.onSave).toHaveBeenCalledWith({ homeGoals: 1, awayGoals: 10 }), { timeout: SAVE_AFTER_PAUSE_MS * 4 });
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await expect(input).toHaveFocus();
    // Left afterwards, the same score is not sent again.
    await userEvent.tab();
    await expect(args.onSave).toHaveBeenCalledTimes(1);
  },
};

/** 2-1 is how many write a score: the dash types the colon (it was blocked, 21 was typed, and leaving threw it away). */
export const DashTypesTheColon: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox');
    await userEvent.type(input, '2-1');
    await expect(input).toHaveValue('2:1');
    await userEvent.tab();
    await expect(args.onSave).toHaveBeenCalledWith({ homeGoals: 2, awayGoals: 1 });
    // Typed between the digits, the colon lands where the caret is; a second dash is blocked.
    await userEvent.click(input);
    await userEvent.clear(input);
    await userEvent.type(input, '31{ArrowLeft}-');
    await expect(input).toHaveValue('3:1');
    await userEvent.type(input, '-');
    await expect(input).toHaveValue('3:1');
  },
};

export const InvalidValueResetsOnBlur: Story = {
  tags: ['!dev', '!autodocs'],
  args: { saved: { homeGoals: 1, awayGoals: 1 } },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox');
    await userEvent.clear(input);
    await userEvent.type(input, '3:');
    await userEvent.tab();
    await expect(input).toHaveValue('1:1');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/**
 * Clicked into, a saved score is selected, so what is typed replaces it: the caret landed where
 * the pointer was, and 0:0 typed over 2:1 made 200:1, thrown back on leaving without a word.
 */
export const ClickedScoreIsReplacedByTyping: Story = {
  tags: ['!dev', '!autodocs'],
  args: { saved: { homeGoals: 2, awayGoals: 1 } },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox');
    await userEvent.click(input);
    await userEvent.keyboard('0:0');
    await userEvent.tab();
    await expect(args.onSave).toHaveBeenCalledWith({ homeGoals: 0, awayGoals: 0 });
    // A second click into the focused field places the caret, to change one digit.
    await userEvent.click(input);
    await userEvent.click(input);
    await userEvent.keyboard('{Backspace}3');
    await userEvent.tab();
    await expect(args.onSave).toHaveBeenLastCalledWith({ homeGoals: 0, awayGoals: 3 });
  },
};

/** Pasted text skips the key filter; spaces around the colon are still a valid score. */
export const PastedScoreWithSpaces: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox');
    await userEvent.click(input);
    await userEvent.paste(' 2 : 0 ');
    await userEvent.tab();
    await expect(input).toHaveValue('2:0');
    await expect(args.onSave).toHaveBeenCalledWith({ homeGoals: 2, awayGoals: 0 });
  },
};

/** Enter in the last game's input saves it there: with no game after it, a score confirmed so was never saved (a fresh player lost 15 points). */
export const EnterSavesTheLastGame: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('textbox'));
    await userEvent.keyboard('2:1{Enter}');
    await expect(args.onSave).toHaveBeenCalledWith({ homeGoals: 2, awayGoals: 1 });
  },
};

/** Enter moves to the next game's input, so a whole matchday is typed without the mouse. */
export const EnterMovesToNextGame: Story = {
  tags: ['!dev', '!autodocs'],
  render: (args) => (
    <div style={{ display: 'flex', gap: 16 }}>
      <PredictionInput {...args} label="Spain against Croatia" />
      <PredictionInput {...args} label="Italy against Albania" saved={{ homeGoals: 0, awayGoals: 2 }} />
    </div>
  ),
  play: async ({ canvas, args }) => {
    const first = canvas.getByRole('textbox', { name: 'Spain against Croatia' });
    await userEvent.click(first);
    await userEvent.keyboard('3:0{Enter}');
    await expect(canvas.getByRole('textbox', { name: 'Italy against Albania' })).toHaveFocus();
    await expect(args.onSave).toHaveBeenCalledWith({ homeGoals: 3, awayGoals: 0 });
    // What is typed there replaces its score (appended, 0:2 and a 1:1 made 0:21:1).
    await userEvent.keyboard('1:1{Enter}');
    await expect(args.onSave).toHaveBeenLastCalledWith({ homeGoals: 1, awayGoals: 1 });
  },
};

/** Taken away while typed in (its game kicked off): what was typed is saved, so the save's answer can say why it did not count. */
export const TakenAwayWhileTyping: Story = {
  tags: ['!dev', '!autodocs'],
  render: function Render(args) {
    const [shown, setShown] = useState(true);
    return (
      <>
        {shown && <PredictionInput {...args} />}
        <button type="button" onClick={() => setShown(false)}>
          kickoff
        </button>
      </>
    );
  },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('textbox'), '3:2');
    // Clicked as a pointer would, without the field losing focus first.
    canvas.getByRole('button', { name: 'kickoff' }).click();
    await waitFor(() => expect(canvas.queryByRole('textbox')).toBeNull());
    await expect(args.onSave).toHaveBeenCalledWith({ homeGoals: 3, awayGoals: 2 });
  },
};
