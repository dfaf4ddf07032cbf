import type { CSSProperties } from 'react';
import { darkColours, lightColours, palette, shared } from '../theme/tokens';
import { AA_LARGE_TEXT_AND_UI, AA_TEXT, contrastRatio } from './contrast';

// The design values of theme/tokens.ts drawn for the catalogue's docs pages. Plain inline styles:
// these pages show the tokens themselves, outside any theme.

type ColourName = keyof typeof lightColours;

/** Which colour is set on which, and the WCAG threshold that pairing has to reach. */
export const COLOUR_PAIRS: { foreground: ColourName; background: ColourName; use: string; minimum: number }[] = [
  { foreground: 'text', background: 'background', use: 'Body text on the page', minimum: AA_TEXT },
  { foreground: 'text', background: 'surface', use: 'Body text on cards and tables', minimum: AA_TEXT },
  { foreground: 'text', background: 'surfaceRaised', use: 'Text on raised parts (popup buttons, inputs)', minimum: AA_TEXT },
  { foreground: 'text', background: 'ownRow', use: 'The own row in lists', minimum: AA_TEXT },
  { foreground: 'textMuted', background: 'surface', use: 'Secondary text (dates, notes)', minimum: AA_TEXT },
  { foreground: 'textMuted', background: 'background', use: 'Secondary text on the page', minimum: AA_TEXT },
  { foreground: 'accent', background: 'surface', use: 'Links, the active menu item', minimum: AA_TEXT },
  { foreground: 'accentText', background: 'accent', use: 'Primary buttons', minimum: AA_TEXT },
  { foreground: 'brandText', background: 'brand', use: 'Header bar and countdown', minimum: AA_TEXT },
  { foreground: 'positive', background: 'surface', use: 'Exact predictions, joined players', minimum: AA_TEXT },
  { foreground: 'negative', background: 'surface', use: 'Errors, players who left', minimum: AA_TEXT },
  { foreground: 'warning', background: 'surface', use: 'Warnings, locked fields', minimum: AA_TEXT },
  { foreground: 'live', background: 'surface', use: 'The live badge', minimum: AA_TEXT },
  { foreground: 'focus', background: 'background', use: 'Focus ring', minimum: AA_LARGE_TEXT_AND_UI },
  { foreground: 'border', background: 'surface', use: 'Borders (decoration, no threshold)', minimum: 1 },
];

const themes = { Light: lightColours, Dark: darkColours } as const;
const cell: CSSProperties = { padding: '6px 10px', borderBottom: '1px solid #c5cad3', textAlign: 'left', verticalAlign: 'middle' };
const swatch = (colour: string): CSSProperties => ({ display: 'inline-block', width: 20, height: 20, borderRadius: 4, background: colour, border: '1px solid #8a919c', verticalAlign: 'middle', marginRight: 8 });

/** Every semantic colour of both themes, with its palette value. */
export function ColourTokens() {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }}>
      <thead>
        <tr>
          <th style={cell}>Token</th>
          <th style={cell}>Light</th>
          <th style={cell}>Dark</th>
        </tr>
      </thead>
      <tbody>
        {(Object.keys(lightColours) as ColourName[]).map((name) => (
          <tr key={name}>
            <th scope="row" style={cell}>
              <code>{name}</code>
            </th>
            {Object.values(themes).map((colours, index) => (
              <td key={index} style={cell}>
                <span style={swatch(colours[name])} />
                <code>{colours[name]}</code>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The contrast every pairing reaches in both themes, against its WCAG threshold. */
export function ColourContrasts() {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }}>
      <thead>
        <tr>
          <th style={cell}>Pairing</th>
          <th style={cell}>Used for</th>
          <th style={cell}>Needs</th>
          {Object.keys(themes).map((theme) => (
            <th key={theme} style={cell}>
              {theme}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {COLOUR_PAIRS.map(({ foreground, background, use, minimum }) => (
          <tr key={`${foreground}-${background}`}>
            <th scope="row" style={cell}>
              <code>{foreground}</code> on <code>{background}</code>
            </th>
            <td style={cell}>{use}</td>
            <td style={cell}>{minimum > 1 ? `${minimum}:1` : '–'}</td>
            {Object.entries(themes).map(([theme, colours]) => {
              const ratio = contrastRatio(colours[foreground], colours[background]);
              return (
                <td key={theme} style={cell} data-ratio={ratio.toFixed(2)} data-passes={ratio >= minimum}>
                  {minimum >= AA_TEXT ? (
                    <span style={{ ...swatch(colours[background]), color: colours[foreground], width: 'auto', height: 'auto', padding: '2px 8px', fontWeight: 700 }}>Aa</span>
                  ) : (
                    // Interface parts are lines, not text: the sample is a line on the background.
                    <span style={{ ...swatch(colours[background]), width: 40, boxShadow: `inset 0 0 0 3px ${colours[foreground]}` }} />
                  )}
                  {ratio.toFixed(2)}:1 {ratio >= minimum ? '✓' : '✗'}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The primitive palette the themes pick from. */
export function Palette() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {Object.entries(palette).map(([hue, steps]) => (
        <div key={hue} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
          <code style={{ width: 60 }}>{hue}</code>
          {Object.entries(steps).map(([step, colour]) => (
            <span key={step} style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', fontSize: 12 }}>
              <span style={{ ...swatch(colour), width: 48, height: 32, marginRight: 0 }} />
              {step}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}

const rem = (value: string) => Number.parseFloat(value) * 16;

/** The four font sizes, with their use and pixel size at the browser's default 16 px. */
export function TypeScale() {
  const uses = { sm: 'Notes, table captions, menu labels', md: 'Body text, inputs, buttons', lg: 'Card headings, product name', xl: 'Screen titles (h1), the countdown' } as const;
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }}>
      <tbody>
        {Object.entries(shared.font.size).map(([name, size]) => (
          <tr key={name}>
            <th scope="row" style={cell}>
              <code>{name}</code>
            </th>
            <td style={cell}>
              <code>{size}</code> ({rem(size)} px)
            </td>
            <td style={{ ...cell, fontFamily: shared.font.body, fontSize: size, fontWeight: name === 'xl' || name === 'lg' ? 700 : 400 }}>Bosnien und Herzegowina 2:1</td>
            <td style={cell}>{uses[name as keyof typeof uses]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The spacing steps, all multiples of the 4 px grid. */
export function SpacingScale() {
  return (
    <table style={{ borderCollapse: 'collapse' }}>
      <tbody>
        {Object.entries(shared.space).map(([name, size]) => (
          <tr key={name}>
            <th scope="row" style={cell}>
              <code>{name}</code>
            </th>
            <td style={cell}>
              <code>{size}</code> = {Number.parseInt(size, 10) / 4} × 4 px
            </td>
            <td style={cell}>
              <span style={{ display: 'inline-block', width: size, height: 16, background: '#065f46' }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The corner radii. */
export function Radii() {
  const uses = { sm: 'Inputs, small badges', md: 'Cards, buttons, popups', round: 'Pills and switches' } as const;
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      {Object.entries(shared.radius).map(([name, radius]) => (
        <figure key={name} style={{ margin: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 96, height: 56, borderRadius: radius, background: '#d1fadf', border: '2px solid #065f46' }} />
          <figcaption style={{ fontSize: 13, textAlign: 'center' }}>
            <code>{name}</code> · {radius}
            <br />
            {uses[name as keyof typeof uses]}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
