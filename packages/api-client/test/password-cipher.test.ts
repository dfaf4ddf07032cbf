import { createCipheriv, createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPassword, encryptPassword } from '../src/index.js';

// The wire key and IV, written out here on purpose: changing them breaks every other client of the wire.
const KEY = Buffer.from('2946ba7d3e995ccc25245e4d75769ff07c472d634e98183cfdae47aebe0d2c42', 'hex');
const IV = Buffer.from('d54fac22c64430aff47bdf033371c345', 'hex');

function nodeDecrypt(cipher: string): string {
  const decipher = createDecipheriv('aes-256-cbc', KEY, IV);
  return Buffer.concat([decipher.update(Buffer.from(cipher, 'base64')), decipher.final()]).toString('utf8');
}

function nodeEncrypt(plain: string): string {
  const cipher = createCipheriv('aes-256-cbc', KEY, IV);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

const passwords = ['Secret!1', '', 'a', 'exactly16bytes!!', 'Pässwörd€ with spaces and § and 😀', 'x'.repeat(300)];

describe('the password cipher (AES-256-CBC, fixed key and IV, base64)', () => {
  it.each(passwords)('encrypts %j so that node:crypto decrypts it back', async (plain) => {
    expect(nodeDecrypt(await encryptPassword(plain))).toBe(plain);
  });

  it.each(passwords)('decrypts what node:crypto encrypted from %j', async (plain) => {
    expect(await decryptPassword(nodeEncrypt(plain))).toBe(plain);
  });

  it('gives whole 16-byte blocks with PKCS#7 padding: 16 bytes of text take two blocks', async () => {
    expect(Buffer.from(await encryptPassword('exactly16bytes!!'), 'base64')).toHaveLength(32);
    expect(Buffer.from(await encryptPassword('short'), 'base64')).toHaveLength(16);
  });

  it('is deterministic, as a fixed IV makes it (one reason it is no security measure)', async () => {
    expect(await encryptPassword('Secret!1')).toBe(await encryptPassword('Secret!1'));
  });

  it('rejects text that is not a ciphertext under the wire key', async () => {
    await expect(decryptPassword(Buffer.from('not a ciphertext').toString('base64'))).rejects.toThrow();
    await expect(decryptPassword('%%%')).rejects.toThrow();
  });
});
