import { describe, expect, it } from 'vitest';
import { PRODUCT_IDS } from '@scorecast/rules';
import * as z from 'zod/mini';
import {
  invitationOf,
  championRequestSchema,
  gameIdSchema,
  googleVerifyRequestSchema,
  loginSchema,
  MAX_INT4,
  nameSchema,
  pushSubscriptionSchema,
  teamSchema,
  unsubscribeRequestSchema,
} from '../src/index.js';

const accepts = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).success;

describe('what the contract lets reach the database', () => {
  it('takes ids in paths as plain decimals within PostgreSQL integer', () => {
    expect(z.parse(gameIdSchema, '12')).toBe(12);
    expect(z.parse(gameIdSchema, String(MAX_INT4))).toBe(MAX_INT4);
    for (const id of ['0', '-1', '01', '0x10', '1e3', ' 1', '1.0', '', String(MAX_INT4 + 1), '99999999999999999999']) expect(accepts(gameIdSchema, id), id).toBe(false);
  });

  it('takes tournament years from 2000 to 2100', () => {
    expect(accepts(championRequestSchema, { team: 'de', year: 2026 })).toBe(true);
    for (const year of [Number.MAX_SAFE_INTEGER, -2147483649, 1999, 2101, 2024.5]) expect(accepts(championRequestSchema, { team: 'de', year }), String(year)).toBe(false);
  });

  it('refuses control characters in logins, names and teams, and display-name syntax in logins', () => {
    expect(z.parse(loginSchema, ' Ann@Example.com ')).toBe('ann@example.com');
    for (const login of ['a\u0000@x.org', '<svg/onload=x>@example.com', 'Ann <ann@example.com>', 'a@x.org, b@y.org']) expect(accepts(loginSchema, login), login).toBe(false);
    expect(accepts(nameSchema, 'Family 👨‍👩‍👧')).toBe(true);
    for (const text of ['Ann\u0000', 'A\u001bB', 'A\ud800']) {
      expect(accepts(nameSchema, text), JSON.stringify(text)).toBe(false);
      expect(accepts(teamSchema, text), JSON.stringify(text)).toBe(false);
    }
  });

  it('refuses invisible names and stores look-alike letters as the letters they look like', () => {
    for (const text of ['\u200b', 'a\u202eb', 'a\u2028b']) expect(accepts(nameSchema, text), JSON.stringify(text)).toBe(false);
    expect(z.parse(nameSchema, ' \uff22ob ')).toBe('Bob');
  });

  it('needs the unsubscribe link token, and base64url push keys', () => {
    expect(accepts(unsubscribeRequestSchema, { email: 'ann@example.com' })).toBe(false);
    expect(accepts(unsubscribeRequestSchema, { email: 'ann@example.com', token: 'abc' })).toBe(true);
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4', auth: 'tBHItJI5svbpez7KI4CCXg' };
    expect(accepts(pushSubscriptionSchema, { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys })).toBe(true);
    expect(accepts(pushSubscriptionSchema, { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { ...keys, auth: 'not base64!' } })).toBe(false);
    const purchase = { groupId: 'abcdefghijklmnopqr', paymentOption: PRODUCT_IDS[0], purchaseToken: 'token' };
    expect(accepts(googleVerifyRequestSchema, purchase)).toBe(true);
    expect(accepts(googleVerifyRequestSchema, { ...purchase, purchaseToken: 'token\u0000' })).toBe(false);
  });
});

describe('invitationOf', () => {
  it('takes the group id of a link with what a paste left after it, and nothing that is no group id', () => {
    expect(invitationOf('g-0123456789abcdef')).toBe('g-0123456789abcdef');
    expect(invitationOf('g-0123456789abcdef.')).toBe('g-0123456789abcdef');
    expect(invitationOf('g-0123456789abcdef!)')).toBe('g-0123456789abcdef');
    expect(invitationOf('_XeICqQJ8dbO')).toBeUndefined();
    expect(invitationOf('bogus123')).toBeUndefined();
    expect(invitationOf('')).toBeUndefined();
  });
});
