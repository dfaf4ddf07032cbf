import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LinkProvider, type LinkProps } from '../../links/LinkProvider';
import { Hint } from '../Hint/Hint';
import { AppShell } from './AppShell';

const groups = [
  { id: 'g-2026-b', name: 'Office Pool', competitionYear: 2026 },
  { id: 'g-2026-a', name: 'Bolzplatz Legends', competitionYear: 2026 },
  { id: 'g-2024-a', name: 'Family Euro', competitionYear: 2024 },
  { id: 'g-2022-a', name: 'Winter World Cup', competitionYear: 2022 },
];

const meta = {
  title: 'Layout/AppShell',
  // The frame of a whole screen: drawn across the window.
  parameters: { frame: 'page' },
  component: AppShell,
  args: { groups, selectedGroupId: 'g-2026-a', currentYear: 2026, currentPath: '/', onSelectGroup: fn(), children: <Hint kind="moreGamesFollow" /> },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Schedule: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { current: 'page' })).toHaveAttribute('href', '/');
  },
};
export const Ranking: Story = { args: { currentPath: '/ranking' } };
export const Anonymous: Story = { args: { groups: undefined, selectedGroupId: undefined } };
/** A new year with no group yet still lists the year with 'create group'. */
export const NoGroupThisYear: Story = { args: { groups: groups.slice(2), selectedGroupId: undefined, children: <Hint kind="noGroup" /> } };

/** The sidebar lists years newest first and names sorted; choosing a group closes it. */
export const ChooseGroupWithKeyboard: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const sidebar = canvas.getByRole('navigation', { name: /Groups|Gruppen/ });
    const years = within(sidebar).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    await expect(years[0]).toContain('2026');
    await expect(years[2]).toContain('2022');
    const names = within(sidebar).getAllByRole('listitem').map((item) => item.textContent);
    await expect(names.slice(0, 2)).toEqual(['Bolzplatz Legends', 'Office Pool']);
    await expect(within(sidebar).getAllByRole('link', { name: /Create group|Gruppe erstellen/ })).toHaveLength(1);
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Family Euro' }));
    await expect(args.onSelectGroup).toHaveBeenCalledWith('g-2024-a');
    await expect(canvas.queryByRole('navigation', { name: /Groups|Gruppen/ })).toBeNull();
  },
};

export const EscapeClosesSidebar: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Open groups|Gruppen öffnen/ }));
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('navigation', { name: /Groups|Gruppen/ })).toBeNull();
  },
};

/** Tab goes round the open sidebar, not into the dimmed page behind it; closed, the focus is back on the button that opened it (it fell to the page's top). */
export const SidebarKeepsTheKeyboard: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas }) => {
    const opener = canvas.getByRole('button', { name: /Open groups|Gruppen öffnen/ });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const sidebar = canvas.getByRole('navigation', { name: /Groups|Gruppen/ });
    const close = within(sidebar).getByRole('button', { name: /Close groups|Gruppen schließen/ });
    await expect(close).toHaveFocus();
    // Modal to screen readers too: the dimmed page behind takes no input.
    await expect(canvas.getByRole('dialog', { name: /Groups|Gruppen/ })).toHaveAttribute('aria-modal', 'true');
    const stops = within(sidebar).getAllByRole('button').length + within(sidebar).getAllByRole('link').length;
    for (let step = 0; step < stops * 2; step++) {
      await userEvent.tab({ shift: step % 3 === 2 });
      await expect(sidebar).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    await expect(opener).toHaveFocus();
  },
};

/** The shell in an app whose links change its path, as the router does. */
function Navigating(args: ComponentProps<typeof AppShell>) {
  const [path, setPath] = useState(args.currentPath);
  const link = ({ href, children, ...rest }: LinkProps) => (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        event.preventDefault();
        setPath(href);
      }}
    >
      {children}
    </a>
  );
  return (
    <LinkProvider link={link}>
      <AppShell {...args} currentPath={path} />
    </LinkProvider>
  );
}

/** Following 'create group' from the sidebar closes it: it stayed open over the form. */
export const CreateGroupClosesSidebar: Story = {
  tags: ['!dev', '!autodocs'],
  render: (args) => <Navigating {...args} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Open groups|Gruppen öffnen/ }));
    const sidebar = canvas.getByRole('navigation', { name: /Groups|Gruppen/ });
    await userEvent.click(within(sidebar).getByRole('link', { name: /Create group|Gruppe erstellen/ }));
    await expect(canvas.queryByRole('navigation', { name: /Groups|Gruppen/ })).toBeNull();
  },
};

/** The group selector open, for designers to review. */
export const SidebarOpen: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Open groups|Gruppen öffnen/ }));
    await expect(canvas.getByRole('button', { name: /Close groups|Gruppen schließen/ })).toHaveFocus();
  },
};
