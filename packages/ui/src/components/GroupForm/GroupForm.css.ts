import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// As wide as the other pages' content (the main column), with the same padding.
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: vars.space.lg });
export const choice = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, border: 'none', padding: 0, margin: 0 });
export const radio = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: '44px', cursor: 'pointer' });
// Big enough to see and to hit beside its label; drawn rather than the browser's, whose disabled
// radio greyed its dot to almost nothing (the locked choice read as unchecked).
globalStyle(`${radio} input`, {
  appearance: 'none',
  width: '20px',
  height: '20px',
  margin: 0,
  flex: 'none',
  display: 'grid',
  placeContent: 'center',
  borderRadius: '50%',
  border: `2px solid ${vars.color.accent}`,
  background: vars.color.surface,
  cursor: 'inherit',
});
globalStyle(`${radio} input::before`, {
  content: '""',
  width: '10px',
  height: '10px',
  borderRadius: '50%',
  background: vars.color.accent,
  transform: 'scale(0)',
  // Forced colours paint backgrounds away: the dot in the text colour.
  '@media': { '(forced-colors: active)': { background: 'CanvasText' } },
});
globalStyle(`${radio} input:checked::before`, { transform: 'none' });
globalStyle(`${radio} input:disabled`, { borderColor: vars.color.textMuted });
globalStyle(`${radio} input:disabled::before`, { background: vars.color.textMuted });
globalStyle(`${radio} input:focus-visible`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
// Long German headings ('Sechzehntelfinale') must break instead of pushing the table past a 390 px phone.
export const th = style({ textAlign: 'left', fontSize: vars.font.size.sm, padding: vars.space.xs, verticalAlign: 'bottom', hyphens: 'auto' });
export const rowHeader = style([th, { verticalAlign: 'middle' }]);
// The padlock beside the name, which wraps in a box of its own: a long name went under the padlock.
export const roundName = style({ display: 'flex', alignItems: 'baseline' });
// Point columns take a fixed share so the round names get the rest and only break when a word cannot fit.
export const pointHeader = style([th, { width: '19%' }]);
export const td = style({ padding: vars.space.xs });
export const pointInput = style({ width: '100%', minWidth: '2.75em', maxWidth: '4.5em', boxSizing: 'border-box', textAlign: 'center' });
export const buttons = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
// Pulled up to the table it speaks about, against the form's larger gap.
export const tableError = style({ marginTop: `calc(${vars.space.sm} - ${vars.space.lg})` });
export const lock = style({ display: 'inline-block', verticalAlign: '-2px', marginRight: vars.space.xs, color: vars.color.textMuted });
