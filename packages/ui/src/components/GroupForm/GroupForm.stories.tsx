import type { Meta, StoryObj } from '@storybook/react-vite';
import { defaultPointConfiguration, type Game } from '@scorecast/rules';
import { expect, fn, userEvent } from 'storybook/test';
import { AA_LARGE_TEXT_AND_UI, contrastRatio, hexOf } from '../../docs/contrast';
import { GroupForm } from './GroupForm';

const scheduled: Pick<Game, 'status' | 'stage'>[] = [
  { stage: 'Group', status: 'Scheduled' },
  { stage: 'Final', status: 'Scheduled' },
];
const started: Pick<Game, 'status' | 'stage'>[] = [
  { stage: 'Group', status: 'Finished' },
  { stage: 'Group', status: 'Live' },
  { stage: 'Final', status: 'Scheduled' },
];
const groupStageFinished: Pick<Game, 'status' | 'stage'>[] = [
  { stage: 'Group', status: 'Finished' },
  { stage: 'Last16', status: 'Finished' },
  { stage: 'Final', status: 'Scheduled' },
];

const meta = {
  title: 'Group/GroupForm',
  component: GroupForm,
  argTypes: { mode: { control: 'select', options: ['create', 'edit'] }, year: { control: 'select', options: [2024, 2025, 2026] } },
  args: {
    mode: 'create',
    year: 2026,
    initial: { name: '', playerName: '', pointConfiguration: defaultPointConfiguration(2026) },
    games: scheduled,
    onSubmit: fn(),
    onNamesChange: fn(),
    onCancel: undefined,
  },
} satisfies Meta<typeof GroupForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CreateWorldCup2026: Story = {
  play: async ({ canvas, args }) => {
    const create = canvas.getByRole('button', { name: /create|erstellen/i });
    await expect(create).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(/Group name|Gruppenname/), 'Bolzplatz Legends');
    await userEvent.type(canvas.getByLabelText(/Your name|Dein Name/), 'Anna');
    await expect(create).toBeEnabled();
    await userEvent.click(create);
    await expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Bolzplatz Legends', playerName: 'Anna' }));
  },
};

export const CreateEuro2024WithCancel: Story = {
  args: { year: 2024, initial: { name: '', playerName: '', pointConfiguration: defaultPointConfiguration(2024) }, onCancel: fn() },
};

/** The Euro 2024 has no round of 32: the table shows only the rounds of that year. */
export const RoundsOfTheYear: Story = {
  args: { year: 2024, initial: { name: '', playerName: '', pointConfiguration: defaultPointConfiguration(2024) } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('rowheader', { name: /Round of 32|Sechzehntelfinale/ })).toBeNull();
    await expect(canvas.getByRole('rowheader', { name: /Round of 16|Achtelfinale/ })).toBeVisible();
    await expect(canvas.queryByRole('rowheader', { name: /Third place|Platz drei/ })).toBeNull();
  },
};

export const SamePointsForAllRounds: Story = {
  play: async ({ canvas }) => {
    const same = canvas.getByRole('radio', { name: /Same points|Gleiche Punkte/ });
    // Found by a fresh player: the dark theme's unchosen radio was a faint dot of the browser's grey.
    await expect(getComputedStyle(same).accentColor).not.toBe('auto');
    await expect(same.getBoundingClientRect().width).toBeGreaterThanOrEqual(20);
    await userEvent.click(same);
    await expect(canvas.getAllByRole('rowheader')).toHaveLength(1);
  },
};

export const InvalidPointValue: Story = {
  args: { initial: { name: 'Bolzplatz Legends', playerName: 'Anna', pointConfiguration: defaultPointConfiguration(2026) } },
  play: async ({ canvas }) => {
    const exact = canvas.getByRole('textbox', { name: /^(Group stage|Gruppenphase): (Exact|Exakter)/ });
    await userEvent.clear(exact);
    await userEvent.type(exact, '0');
    await expect(canvas.getByRole('alert')).toBeVisible();
    // The message stands right under the row it is about: below the table it was off a phone's screen.
    const row = exact.closest('tr')!;
    await expect(row.nextElementSibling?.contains(canvas.getByRole('alert'))).toBe(true);
    await expect(exact).toHaveAttribute('aria-describedby', canvas.getByRole('alert').id);
    await expect(canvas.getByRole('button', { name: /create|erstellen/i })).toBeDisabled();
  },
};

/** The server's live check answers in codes; they show under their field once the player typed. */
export const ServerNameErrors: Story = {
  args: { groupNameError: 'groupNameTaken', playerNameError: 'playerNameTaken', initial: { name: 'Tippspiel', playerName: 'Ben', pointConfiguration: defaultPointConfiguration(2026) } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/already|schon/)).toBeNull();
    await userEvent.type(canvas.getByLabelText(/Group name|Gruppenname/), '!');
    await userEvent.type(canvas.getByLabelText(/Your name|Dein Name/), '!');
    await expect(canvas.getByText(/You already have a group with this name|Du hast schon eine Gruppe mit diesem Namen/)).toBeVisible();
    await expect(canvas.getByText(/This name is already taken|Dieser Name ist in der Gruppe schon vergeben/)).toBeVisible();
  },
};

/** A fresh form is not wrong yet: no error before the player typed. */
export const FreshFormShowsNoError: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/Please fill in|Bitte fülle/)).toBeNull();
  },
};

/** Spaces around a name do not count towards its 24 characters (they are not kept); more than 24 is said, not cut off. */
export const NameLengthWithoutSpaces: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas }) => {
    const name = canvas.getByLabelText(/Group name|Gruppenname/) as HTMLInputElement;
    await userEvent.type(name, '  The Office League 2026!! ');
    await expect(name.value).toBe('  The Office League 2026!! ');
    await expect(canvas.queryByText(/At most 24 characters|Höchstens 24 Zeichen/)).toBeNull();
    await userEvent.type(name, 'x');
    await expect(canvas.getByText(/At most 24 characters|Höchstens 24 Zeichen/)).toBeVisible();
  },
};

export const EditUnchangedCannotSave: Story = {
  tags: ['!dev', '!autodocs'],
  args: { mode: 'edit', initial: { name: 'Bolzplatz Legends', pointConfiguration: defaultPointConfiguration(2026) }, onCancel: fn() },
  play: async ({ canvas }) => {
    const save = canvas.getByRole('button', { name: /save|speichern/i });
    await expect(save).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(/Group name|Gruppenname/), '!');
    await expect(save).toBeEnabled();
  },
};

/** Once the competition started the group-stage values and champion points are locked. */
export const LockedAfterStart: Story = {
  args: { mode: 'edit', games: started, initial: { name: 'Bolzplatz Legends', pointConfiguration: defaultPointConfiguration(2026) } },
  play: async ({ canvas }) => {
    for (const input of canvas.getAllByRole('textbox', { name: /^(Group stage|Gruppenphase):/ })) await expect(input).toBeDisabled();
    await expect(canvas.getByRole('rowheader', { name: /Group stage|Gruppenphase/ }).querySelector('[data-cue="locked"]')).not.toBeNull();
    await expect(canvas.getByRole('rowheader', { name: /^(Final|Finale)$/ }).querySelector('[data-cue="locked"]')).toBeNull();
    await expect(canvas.getByRole('textbox', { name: /champion|Titeltipp/ })).toBeDisabled();
    for (const input of canvas.getAllByRole('textbox', { name: /^(Final|Finale):/ })) await expect(input).toBeEnabled();
    await expect(canvas.getByRole('radio', { name: /Same points|Gleiche Punkte/ })).toBeEnabled();
    // The note under the table names what is locked: a fresh player read it as the Final row's.
    await expect(canvas.getByText(/^(Group stage and champion points are locked|Punkte der Gruppenphase und des Titeltipps sind gesperrt)/)).toBeVisible();
  },
};

/** Once the group stage is finished the knockout values and the radio choice are locked too. */
export const LockedAfterGroupStage: Story = {
  args: { mode: 'edit', games: groupStageFinished, initial: { name: 'Bolzplatz Legends', pointConfiguration: defaultPointConfiguration(2026) } },
  play: async ({ canvas }) => {
    for (const input of canvas.getAllByRole('textbox', { name: /:/ })) await expect(input).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: /Same points|Gleiche Punkte/ })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: /Group name|Gruppenname/ })).toBeEnabled();
    await expect(canvas.getByText(/^(All points are locked|Alle Punkte sind gesperrt)/)).toBeVisible();
    // A fan read the locked choice as unchecked: the browser greys a disabled radio's dot to almost nothing.
    const chosen = canvas.getByRole('radio', { name: /Other points|Andere Punkte/ });
    const other = canvas.getByRole('radio', { name: /Same points|Gleiche Punkte/ });
    await expect(chosen).toBeChecked();
    const dot = (radio: HTMLElement) => getComputedStyle(radio, '::before');
    const surface = hexOf(getComputedStyle(chosen).backgroundColor);
    await expect(contrastRatio(hexOf(dot(chosen).backgroundColor), surface)).toBeGreaterThanOrEqual(AA_LARGE_TEXT_AND_UI);
    await expect(dot(chosen).transform).toBe('none');
    await expect(dot(other).transform).not.toBe('none');
  },
};

/** The German points table on a phone keeps inside the form's margins, its last column ('Exakter Tipp') too. */
export const GermanTableOnAPhone: Story = {
  tags: ['!dev', '!autodocs'],
  globals: { viewport: { value: 'phone', isRotated: false }, language: 'de' },
  play: async ({ canvas, canvasElement }) => {
    const form = canvasElement.querySelector('form')!;
    const contentRight = form.getBoundingClientRect().right - parseFloat(getComputedStyle(form).paddingRight);
    const cells = [...canvas.getByRole('table').querySelectorAll('th, td')].map((cell) => Math.round(cell.getBoundingClientRect().right - contentRight));
    await expect(Math.max(...cells)).toBeLessThanOrEqual(0);
    await expect(canvas.getByRole('table').scrollWidth).toBeLessThanOrEqual(canvas.getByRole('table').clientWidth);
  },
};

/** Locked rounds on a German phone: a long round name ('Sechzehntelfinale') stays beside its padlock, not under it. */
export const GermanLockedTableOnAPhone: Story = {
  tags: ['!dev', '!autodocs'],
  globals: { viewport: { value: 'phone', isRotated: false }, language: 'de' },
  args: { mode: 'edit', games: groupStageFinished, initial: { name: 'Bolzplatz Legends', pointConfiguration: defaultPointConfiguration(2026) } },
  play: async ({ canvas }) => {
    for (const header of canvas.getAllByRole('rowheader')) {
      const lock = header.querySelector('[data-cue="locked"]')!;
      const name = [...header.querySelectorAll('*'), header].flatMap((element) => [...element.childNodes]).find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())!;
      const range = document.createRange();
      range.selectNodeContents(name);
      await expect(range.getClientRects()[0]!.left).toBeGreaterThanOrEqual(lock.getBoundingClientRect().right);
    }
    await expect(canvas.getByRole('table').scrollWidth).toBeLessThanOrEqual(canvas.getByRole('table').clientWidth);
  },
};
