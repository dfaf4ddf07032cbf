import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { competitionOf } from '@scorecast/rules';
import { useFocusKept } from '../../hooks/useFocusKept';
import { useOpenTold } from '../../hooks/useOpenTold';
import { Link } from '../../links/LinkProvider';
import { button, iconButton } from '../../styles/controls.css';
import * as styles from './AppShell.css';

/** What the group selector needs of a group. */
export type GroupSummary = { id: string; name: string; competitionYear: number };

export type AppShellProps = {
  /** Absent for anonymous visitors: no group selector and no footer menu. */
  groups?: readonly GroupSummary[] | undefined;
  selectedGroupId?: string | undefined;
  currentYear: number;
  /** The current route, to mark the footer menu item. */
  currentPath: string;
  onSelectGroup?: (groupId: string) => void;
  /** Told when the groups sidebar opens, with a way to close it, and when it closes: the app closes it on the browser's Back. */
  onSidebarChange?: ((close: (() => void) | undefined) => void) | undefined;
  children: ReactNode;
};

// Drawn as SVG paths: emoji glyphs are missing on many Linux and older Android fonts.
const ICON_PATHS = {
  schedule: 'M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 8h14v10H5V10Zm2 2v2h2v-2H7Zm4 0v2h2v-2h-2Zm4 0v2h2v-2h-2Z',
  ranking: 'M6 2h12v2h3v3a5 5 0 0 1-4.6 5A6 6 0 0 1 13 15.9V19h4v3H7v-3h4v-3.1A6 6 0 0 1 7.6 12 5 5 0 0 1 3 7V4h3V2Zm0 4H5v1a3 3 0 0 0 1.3 2.5A6 6 0 0 1 6 8V6Zm12 0v2c0 .5 0 1-.2 1.5A3 3 0 0 0 19 7V6h-1Z',
  settings: 'M10 2h4l.6 2.6 1.7 1 2.5-.9 2 3.5-2 1.7v2.2l2 1.7-2 3.5-2.5-.9-1.7 1L14 22h-4l-.6-2.6-1.7-1-2.5.9-2-3.5 2-1.7v-2.2l-2-1.7 2-3.5 2.5.9 1.7-1L10 2Zm2 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z',
} as const;

const MENU = [
  { href: '/', key: 'menu.schedule', icon: 'schedule' },
  { href: '/ranking', key: 'menu.ranking', icon: 'ranking' },
  { href: '/settings', key: 'menu.settings', icon: 'settings' },
] as const;

/** Groups by competition year, newest first, names sorted; the current year is always there. */
export function groupsByYear(groups: readonly GroupSummary[], currentYear: number, language: string): [number, GroupSummary[]][] {
  const years = new Set([currentYear, ...groups.map((group) => group.competitionYear)]);
  return [...years]
    .sort((a, b) => b - a)
    .map((year) => [year, groups.filter((group) => group.competitionYear === year).sort((a, b) => a.name.localeCompare(b.name, language))]);
}

/** The frame of every screen: header with the group selector, content, footer menu. */
export function AppShell({ groups, selectedGroupId, currentYear, currentPath, onSelectGroup, onSidebarChange, children }: AppShellProps) {
  const { t } = useTranslation();
  const sidebarId = useId();
  // Open at the path it was opened on: any navigation closes it, as the spec asks (its 'create
  // group' link left it open over the form).
  const [openAt, setOpenAt] = useState<string | undefined>();
  const open = openAt === currentPath;
  const setOpen = (opened: boolean) => setOpenAt(opened ? currentPath : undefined);
  const selected = groups?.find((group) => group.id === selectedGroupId);

  useOpenTold(open, onSidebarChange, () => setOpenAt(undefined));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenAt(undefined);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        {groups && (
          <button type="button" className={`${iconButton} ${styles.menuButton}`} aria-label={t('app.openGroups')} aria-expanded={open} aria-controls={sidebarId} onClick={() => setOpen(true)}>
            ☰
          </button>
        )}
        <p className={styles.product}>{t('app.name')}</p>
        {selected && (
          // The group selector of the spec: the current group's name opens the list of groups.
          <button
            type="button"
            className={styles.groupSelector}
            aria-label={t('app.chooseGroup', { group: selected.name })}
            aria-expanded={open}
            aria-controls={sidebarId}
            onClick={() => setOpen(true)}
          >
            <span className={styles.groupName}>{selected.name}</span>
            <svg className={styles.chevron} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="currentColor" d="M7 10l5 5 5-5H7Z" />
            </svg>
          </button>
        )}
      </header>
      {groups && open && (
        <>
          {/* A mouse and touch target only: keyboards close with Escape or the close button. */}
          <div className={styles.backdrop} aria-hidden="true" onClick={() => setOpen(false)} />
          <GroupsSidebar
            id={sidebarId}
            groups={groups}
            selectedGroupId={selectedGroupId}
            currentYear={currentYear}
            onClose={() => setOpen(false)}
            onSelectGroup={(groupId) => {
              setOpen(false);
              onSelectGroup?.(groupId);
            }}
          />
        </>
      )}
      <main className={styles.main}>{children}</main>
      {groups && (
        <nav className={styles.footer} aria-label={t('app.mainMenu')}>
          <ul className={styles.menu}>
            {MENU.map((item) => (
              <li key={item.href} className={styles.menuItem}>
                <Link href={item.href} className={styles.menuLink} aria-current={currentPath === item.href ? 'page' : undefined}>
                  <svg className={styles.menuIcon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                    <path fill="currentColor" fillRule="evenodd" d={ICON_PATHS[item.icon]} />
                  </svg>
                  {t(item.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

type GroupsSidebarProps = Pick<AppShellProps, 'selectedGroupId' | 'currentYear'> & {
  id: string;
  groups: readonly GroupSummary[];
  onClose: () => void;
  onSelectGroup: (groupId: string) => void;
};

/** The list of groups by year, over the page: the keyboard stays in it until it closes, then goes back to the button that opened it. */
function GroupsSidebar({ id, groups, selectedGroupId, currentYear, onClose, onSelectGroup }: GroupsSidebarProps) {
  const { t, i18n } = useTranslation();
  const navRef = useRef<HTMLElement>(null);
  useFocusKept(navRef);
  const competitionName = (year: number) => t(`app.competition.${competitionOf(year)}`, { year });
  return (
    // Over a dimmed page that takes no input: a modal dialog to screen readers too.
    <div role="dialog" aria-modal="true" aria-label={t('app.groups')}>
      <nav ref={navRef} id={id} className={styles.sidebar} aria-label={t('app.groups')}>
        <div className={styles.sidebarHeader}>
          <h2 style={{ margin: 0 }}>{t('app.groups')}</h2>
          <button type="button" className={iconButton} aria-label={t('app.closeGroups')} onClick={onClose}>
            ✕
          </button>
        </div>
        {groupsByYear(groups, currentYear, i18n.language).map(([year, yearGroups]) => (
          <section key={year} className={styles.year} aria-label={competitionName(year)}>
            <h3 className={styles.yearTitle}>{competitionName(year)}</h3>
            <ul className={styles.groupList}>
              {yearGroups.map((group) => (
                <li key={group.id}>
                  <button
                    type="button"
                    className={styles.groupButton}
                    aria-current={group.id === selectedGroupId}
                    onClick={() => onSelectGroup(group.id)}
                  >
                    {group.name}
                  </button>
                </li>
              ))}
            </ul>
            {year === currentYear && (
              <Link href="/group/create" className={button.primary}>
                {t('app.createGroup')}
              </Link>
            )}
          </section>
        ))}
      </nav>
    </div>
  );
}
