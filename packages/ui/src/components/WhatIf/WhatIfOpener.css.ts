import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// Its own module, so the dashboard loads the opener without the what-if it opens.
export const opener = style({
  alignSelf: 'flex-start',
  minHeight: '44px',
  padding: `0 ${vars.space.xs}`,
  border: 'none',
  background: 'none',
  color: vars.color.accent,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});
