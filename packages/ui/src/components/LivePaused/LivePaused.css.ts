import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const pulse = keyframes({ '50%': { opacity: 0.3 } });

export const line = style({
  // It stays in sight under the app's header (56 px high) while the page is scrolled: the dashboard
  // opens scrolled to the current game, far below the top of the page.
  position: 'sticky',
  top: '56px',
  zIndex: 4,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  fontSize: vars.font.size.sm,
  textAlign: 'center',
  color: vars.color.text,
  background: vars.color.surfaceRaised,
  borderBottom: `2px solid ${vars.color.warning}`,
});

export const dot = style({
  flex: 'none',
  width: '0.6em',
  height: '0.6em',
  borderRadius: vars.radius.round,
  background: vars.color.warning,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
