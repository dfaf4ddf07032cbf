import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// The page scrolls under a sticky header and a fixed footer menu: a control reached with Tab (or
// scrolled to) stops clear of both instead of hidden under them.
const HEADER_ROOM = '64px';
const FOOTER_ROOM = '72px';

export const shell = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: vars.color.background });
export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 5,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `0 ${vars.space.sm}`,
  minHeight: '56px',
  background: vars.color.brand,
  color: vars.color.brandText,
});
export const product = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 800, letterSpacing: '0.02em' });
export const groupSelector = style({
  marginLeft: 'auto',
  minWidth: 0,
  maxWidth: '60%',
  minHeight: '44px',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid currentColor`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: 600,
  textAlign: 'left',
  cursor: 'pointer',
  ':focus-visible': { outline: `3px solid ${vars.color.brandText}`, outlineOffset: '2px' },
});
// Two lines on a phone before anything is cut: 'Stammtisch Süd 2026' stays readable at 390 px.
export const groupName = style({
  minWidth: 0,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  lineHeight: 1.2,
  fontSize: vars.font.size.sm,
  overflowWrap: 'anywhere',
  '@media': { '(min-width: 1000px)': { fontSize: vars.font.size.md } },
});
export const chevron = style({ flexShrink: 0 });
export const menuButton = style({ color: vars.color.brandText, ':focus-visible': { outline: `3px solid ${vars.color.brandText}` } });
export const main = style({ flex: 1, width: '100%', maxWidth: '1000px', margin: '0 auto', paddingBottom: '72px' });
export const footer = style({
  position: 'fixed',
  bottom: 0,
  left: 0,
  right: 0,
  zIndex: 5,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
export const menu = style({ display: 'flex', justifyContent: 'space-around', listStyle: 'none', margin: '0 auto', padding: 0, maxWidth: '640px' });
export const menuItem = style({ flex: 1, display: 'flex' });
export const menuLink = style({
  flex: 1,
  minHeight: '56px',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontSize: vars.font.size.sm,
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  selectors: { '&[aria-current="page"]': { color: vars.color.accent, fontWeight: 700 } },
});
export const menuIcon = style({ fontSize: vars.font.size.lg, lineHeight: 1 });
export const backdrop = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 8, border: 'none', padding: 0 });
export const sidebar = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: 9,
  width: 'min(85vw, 320px)',
  overflowY: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  padding: vars.space.lg,
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
export const sidebarHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });
export const year = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const yearTitle = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.textMuted, textTransform: 'uppercase', letterSpacing: '0.05em' });
export const groupList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const groupButton = style({
  width: '100%',
  minHeight: '44px',
  textAlign: 'left',
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  // A name of 24 letters without a space wraps inside the panel instead of running past it.
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}` },
  selectors: { '&[aria-current="true"]': { background: vars.color.ownRow, fontWeight: 700 } },
});
// A scroll to an anchor (the dashboard's current game) stops below the sticky header, not under it:
// the page's scroll padding alone (a margin on the anchor as well counted the header twice).
globalStyle(`html:has(${footer})`, { scrollPaddingTop: HEADER_ROOM, scrollPaddingBottom: FOOTER_ROOM });
