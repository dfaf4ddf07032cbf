import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.lg });
export const title = style({ margin: 0, fontSize: vars.font.size.lg });
export const muted = style({ margin: 0, color: vars.color.textMuted });
/** A box narrower than a phone scrolls sideways inside itself rather than widening the page. */
export const scroller = style({ overflowX: 'auto', containerType: 'inline-size', background: vars.color.surface, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });
/** On a phone the matchday wins (listed right below) and the champion column give their room; the champion's fate goes under the name. */
const PHONE = '(max-width: 480px)';
export const wideOnly = style({ '@container': { [PHONE]: { display: 'none' } } });
export const narrowOnly = style({ display: 'none', fontWeight: 400, '@container': { [PHONE]: { display: 'block' } } });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm });
// Names, headings and a champion's fate wrap between words; figures stay on one line.
export const cell = style({ padding: `${vars.space.xs} ${vars.space.sm}`, textAlign: 'left', borderBottom: `1px solid ${vars.color.border}` });
// A name of 24 letters without a space breaks inside itself rather than push the figures off a phone; headings do not ("Punkte").
export const nameCell = style([cell, { overflowWrap: 'anywhere' }]);
// A figure's column is as narrow as its widest figure or heading word (the 1 % a table cannot give):
// the room left is the names', which wrapped while the figures' columns stood half empty.
// Wider than a phone, a heading has the room to stay on one line.
export const heading = style([cell, { textAlign: 'right', width: '1%', '@container': { '(min-width: 481px)': { whiteSpace: 'nowrap' } } }]);
export const number = style([heading, { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }]);
export const own = style({ background: vars.color.ownRow, fontWeight: 700 });
export const out = style({ color: vars.color.textMuted });
// A marker or a fate is read as one: it wraps before it, not inside it.
export const marker = styleVariants({
  inRace: { color: vars.color.positive, whiteSpace: 'nowrap' },
  out: { color: vars.color.negative, fontStyle: 'italic', whiteSpace: 'nowrap' },
});
export const champion = styleVariants({
  in: { color: vars.color.positive, whiteSpace: 'nowrap' },
  eliminated: { color: vars.color.negative, textDecoration: 'line-through', whiteSpace: 'nowrap' },
  champion: { color: vars.color.positive, fontWeight: 700, whiteSpace: 'nowrap' },
});
