import { MAX_INT4 } from '@scorecast/api-client';
import fc from 'fast-check';

/** What a body field holds, as far as refusing it goes. */
export type FieldKind =
  | 'login'
  | 'name'
  | 'team'
  | 'groupId'
  | 'cipher'
  | 'token'
  | 'goals'
  | 'year'
  | 'language'
  | 'theme'
  | 'switch'
  | 'points'
  | 'subscription';

/** Any JSON value that is not a string. */
const notString = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Any JSON value that is not a number. */
const notNumber = fc.oneof(fc.constant(null), fc.boolean(), fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom('1', '0x10', '1e3'), fc.array(fc.integer(), { maxLength: 3 }));

/** Integers beyond PostgreSQL's `integer`, up to 2^53 - 1 either way. */
export const beyondInt4 = fc.maxSafeInteger().filter((value) => Math.abs(value) > MAX_INT4);

/** Control characters (NUL included), C1 controls and lone surrogate halves. */
const untypable = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f', '\ud800', '\udfff');

/** Full Unicode text (any code point, astral planes included) with a control character inside it. */
export const textWithControl = fc
  .tuple(fc.string({ unit: 'binary', maxLength: 10 }), untypable, fc.string({ unit: 'binary', maxLength: 10 }))
  .map(([before, control, after]) => `${before}x${control}x${after}`);

/** Values every field of that kind refuses; `valid` is the field's valid value (point rules are changed in one place). */
export function refusedValueOf(kind: FieldKind, valid?: unknown): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'login':
      return fc.oneof(
        notString,
        textWithControl.map((text) => `${text}@example.com`),
        fc.constantFrom('<svg/onload=x>@example.com', 'Ann <ann@example.com>', 'a@example.com,b@example.com', '"a"@example.com', 'a b@example.com', 'no-at-sign', 'a@b', ''),
        fc.string({ unit: 'binary', minLength: 255, maxLength: 300 }),
      );
    case 'name':
      return fc.oneof(notString, textWithControl, fc.constantFrom('', '   ', 'x'.repeat(25)));
    case 'team':
      return fc.oneof(notString, textWithControl, fc.constantFrom('', 'x'.repeat(65)));
    case 'groupId':
      return fc.oneof(notString, fc.string({ unit: 'binary', maxLength: 70 }).filter((text) => !/^[A-Za-z0-9_-]{16,64}$/.test(text)));
    case 'cipher':
      return fc.oneof(notString, fc.constantFrom('', 'x'.repeat(1025)));
    case 'token':
      return fc.oneof(notString, fc.constantFrom('', 'x'.repeat(201)));
    case 'goals':
      return fc.oneof(notNumber, beyondInt4, fc.double({ min: 0.1, max: 50, noNaN: true }).filter((value) => !Number.isInteger(value)), fc.constantFrom(-1, 100));
    case 'year':
      return fc.oneof(notNumber, beyondInt4, fc.constantFrom(1999, 2101, 2024.5, -2024));
    case 'language':
    case 'theme':
      return fc.oneof(notString, fc.string({ unit: 'binary', maxLength: 12 }).filter((text) => !['en', 'de', 'Default', 'Dark'].includes(text)));
    case 'switch':
      return fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 5 }), fc.array(fc.boolean(), { maxLength: 2 }));
    case 'points':
      return fc.oneof(
        notString.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
        fc
          .tuple(fc.constantFrom('winnerPoints', 'groupStageExactPoints'), fc.oneof(beyondInt4, fc.constantFrom(-1, 1000, 1.5, '3')))
          .map(([field, value]) => ({ ...(valid as object), [field]: value })),
      );
    case 'subscription':
      return fc.oneof(
        fc.constantFrom(1, 'https://93.184.216.34/push', [], true),
        fc
          .constantFrom('http://93.184.216.34/push', 'https://127.0.0.1/push', 'https://[::1]/push', 'https://[::ffff:10.0.0.1]/push', 'https://192.168.1.1/push', 'https://localhost/push', 'not a url')
          .map((endpoint) => ({ endpoint, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' } })),
        fc.constant({ endpoint: 'https://93.184.216.34/push', keys: { p256dh: 'not base64!', auth: 'x' } }),
      );
  }
}
