import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Score } from '@scorecast/rules';
import { expect, fn, userEvent } from 'storybook/test';
import { germanyScotland, mexicoSouthAfrica, spainCroatia, spainGermany } from '../../stories/fixtures';
import { PredictionPopup, type PredictionPopupProps } from './PredictionPopup';

/** Keeps the prediction like the app would after each save. */
function SavingPopup(props: PredictionPopupProps) {
  const [prediction, setPrediction] = useState<Score | undefined>(props.prediction);
  return (
    <PredictionPopup
      {...props}
      prediction={prediction}
      onChange={(score) => {
        setPrediction(score);
        props.onChange(score);
      }}
    />
  );
}

const meta = {
  title: 'Dashboard/PredictionPopup',
  component: PredictionPopup,
  render: (args) => <SavingPopup {...args} />,
  // A phone-only component: it opens below the 1000 px small-screen threshold.
  parameters: { frame: 'page' },
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: { game: spainCroatia, prediction: undefined, onChange: fn(), onClose: fn(), onPrevious: fn(), onNext: fn() },
} satisfies Meta<typeof PredictionPopup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPrediction: Story = {};
export const WithPrediction: Story = { args: { game: germanyScotland, prediction: { homeGoals: 2, awayGoals: 0 } } };
/** The first game of the schedule has no previous one. */
export const FirstGameOfTheSchedule: Story = { args: { game: mexicoSouthAfrica, onPrevious: undefined } };

/** A draw in a knockout game says at once that every knockout game has a winner. */
export const KnockoutDrawHint: Story = {
  args: { game: spainGermany, prediction: { homeGoals: 1, awayGoals: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/No draw|Kein Unentschieden/)).toBeNull();
    await userEvent.click(canvas.getAllByRole('button', { name: /more|mehr/ })[1]!);
    await expect(canvas.getByText(/No draw|Kein Unentschieden/)).toBeVisible();
  },
};

/** Previous and next move along the schedule without closing the picker. */
export const PreviousAndNextGame: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Next|Nächstes/ }));
    await expect(args.onNext).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: /Previous|Vorheriges/ }));
    await expect(args.onPrevious).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: /Done|Fertig/ }));
    await expect(args.onClose).toHaveBeenCalled();
    // Tab goes as the eye does: Previous, Next, then Done (shown below them on a phone; Tab went Previous, Done, Next).
    const names = canvas.getAllByRole('button').map((each) => each.textContent?.replace(/[‹›]/g, '').trim());
    await expect(names.slice(-3)).toEqual(names.slice(-3)[0] === 'Previous' ? ['Previous', 'Next', 'Done'] : ['Vorheriges', 'Nächstes', 'Fertig']);
  },
};

/** On a 320 px phone the German "Vorheriges" and "Nächstes" stay inside their buttons (they spilled over). */
export const NarrowPhone: Story = {
  tags: ['!dev', '!autodocs'],
  args: { prediction: { homeGoals: 2, awayGoals: 1 } },
  // The transform makes this box the picker's frame, as a 320 px screen would be.
  render: (args) => (
    <div style={{ width: 320, height: 600, transform: 'translateZ(0)' }}>
      <SavingPopup {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    for (const name of [/Previous|Vorheriges/, /Done|Fertig/, /Next|Nächstes/]) {
      const button = canvas.getByRole('button', { name });
      await expect([String(name), button.scrollWidth <= button.clientWidth]).toEqual([String(name), true]);
    }
  },
};

/** The colon stands on the line of the digits. */
export const ColonAlignedWithDigits: Story = {
  tags: ['!dev', '!autodocs'],
  args: { prediction: { homeGoals: 2, awayGoals: 1 } },
  play: async ({ canvasElement }) => {
    const homeBox = canvasElement.querySelector('output')!.getBoundingClientRect();
    const colonBox = [...canvasElement.querySelectorAll('span')].find((span) => span.textContent?.trim() === ':')!.getBoundingClientRect();
    await expect(Math.abs(homeBox.top + homeBox.height / 2 - (colonBox.top + colonBox.height / 2))).toBeLessThan(6);
  },
};

/** Before the first prediction only the up arrows work; the first press starts from 0:0. */
export const FirstPredictionOnlyGoesUp: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    const lessButtons = canvas.getAllByRole('button', { name: /less|weniger/ });
    for (const less of lessButtons) await expect(less).toBeDisabled();
    await userEvent.click(canvas.getAllByRole('button', { name: /more|mehr/ })[1]!);
    await expect(args.onChange).toHaveBeenLastCalledWith({ homeGoals: 0, awayGoals: 1 });
  },
};

export const ArrowsNeverGoBelowZero: Story = {
  tags: ['!dev', '!autodocs'],
  args: { prediction: { homeGoals: 1, awayGoals: 0 } },
  play: async ({ canvas, args }) => {
    const [homeLess, awayLess] = canvas.getAllByRole('button', { name: /less|weniger/ });
    await expect(awayLess).toBeDisabled();
    await userEvent.click(homeLess!);
    await expect(args.onChange).toHaveBeenLastCalledWith({ homeGoals: 0, awayGoals: 0 });
    await expect(homeLess).toBeDisabled();
    await expect(args.onChange).toHaveBeenCalledTimes(1);
    // Minus turned disabled under the focus: the focus is on plus, not dropped to the page.
    await expect(canvas.getAllByRole('button', { name: /more|mehr/ })[0]).toHaveFocus();
  },
};

export const EscapeCloses: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: /close|schließen/i })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** The arrows work from the keyboard too. */
export const KeyboardStepsGoals: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: /close|schließen/i })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getAllByRole('button', { name: /more|mehr/ })[0]).toHaveFocus();
    await userEvent.keyboard('{Enter}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith({ homeGoals: 2, awayGoals: 0 });
  },
};
