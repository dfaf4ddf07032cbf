/**
 * The password cipher of the wire (spec section 9): AES-256-CBC with PKCS#7 padding under a fixed key
 * and IV, the ciphertext sent as base64. The key is public (it ships in every browser bundle), so this
 * is wire compatibility only, NOT security: TLS protects passwords in transit and the server stores
 * argon2id hashes of the decrypted text.
 */
export const PASSWORD_CIPHER_KEY_HEX = '2946ba7d3e995ccc25245e4d75769ff07c472d634e98183cfdae47aebe0d2c42';
export const PASSWORD_CIPHER_IV_HEX = 'd54fac22c64430aff47bdf033371c345';

function bytesOfHex(hex: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
}

let keyPromise: Promise<CryptoKey> | undefined;

function cipherKey(): Promise<CryptoKey> {
  keyPromise ??= globalThis.crypto.subtle.importKey('raw', bytesOfHex(PASSWORD_CIPHER_KEY_HEX), 'AES-CBC', false, ['encrypt', 'decrypt']);
  return keyPromise;
}

const algorithm = (): AesCbcParams => ({ name: 'AES-CBC', iv: bytesOfHex(PASSWORD_CIPHER_IV_HEX) });

/**
 * Encrypts a password for the wire (login, register, password change). Wire compatibility, not security:
 * the key is fixed and public.
 *
 * @example
 * await api.login({ login: 'ada@example.com', password: await encryptPassword('Secret!1') });
 */
export async function encryptPassword(plain: string): Promise<string> {
  const cipher = await globalThis.crypto.subtle.encrypt(algorithm(), await cipherKey(), new TextEncoder().encode(plain));
  return base64Of(new Uint8Array(cipher));
}

/**
 * Decrypts what {@link encryptPassword} produced (the server's side). Rejects text that is not base64
 * of a ciphertext under the wire key.
 *
 * @example
 * const password = await decryptPassword(body.password);
 */
export async function decryptPassword(cipher: string): Promise<string> {
  const plain = await globalThis.crypto.subtle.decrypt(algorithm(), await cipherKey(), bytesOfBase64(cipher));
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}
