import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// As wide as the other pages' content (the main column), with the same padding.
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: vars.space.lg });
export const choice = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, border: 'none', padding: 0, margin: 0 });
export const radio = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: '44px', cursor: 'pointer' });
// Big enough to see and to hit beside its label.
globalStyle(`${radio} input`, { width: '20px', height: '20px', margin: 0, flex: 'none' });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
// Long German headings ('Sechzehntelfinale') must break instead of pushing the table past a 390 px phone.
export const th = style({ textAlign: 'left', fontSize: vars.font.size.sm, padding: vars.space.xs, verticalAlign: 'bottom', hyphens: 'auto' });
export const rowHeader = style([th, { verticalAlign: 'middle' }]);
// Point columns take a fixed share so the round names get the rest and only break when a word cannot fit.
export const pointHeader = style([th, { width: '19%' }]);
export const td = style({ padding: vars.space.xs });
export const pointInput = style({ width: '100%', minWidth: '2.75em', maxWidth: '4.5em', boxSizing: 'border-box', textAlign: 'center' });
export const buttons = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
// Pulled up to the table it speaks about, against the form's larger gap.
export const tableError = style({ marginTop: `calc(${vars.space.sm} - ${vars.space.lg})` });
export const lock = style({ display: 'inline-block', verticalAlign: '-2px', marginRight: vars.space.xs, color: vars.color.textMuted });
