import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const heading = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`,
  borderBottom: `3px solid ${vars.color.accent}`,
  // Inset like the cards above the schedule on a wide screen, as the game rows are.
  '@media': { '(min-width: 1000px)': { marginInline: vars.space.lg } },
});
export const title = style({ margin: 0, fontSize: vars.font.size.lg });
export const rules = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.textMuted });
export const date = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  fontSize: vars.font.size.sm,
  fontWeight: 700,
  background: vars.color.surfaceRaised,
  '@media': { '(min-width: 1000px)': { marginInline: vars.space.lg } },
});
