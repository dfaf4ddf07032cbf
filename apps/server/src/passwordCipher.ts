import { decryptPassword } from '@scorecast/api-client';

/**
 * The plain text of a wire password (AES-CBC, see @scorecast/api-client). Text that is not
 * ciphertext is taken as sent: mail-link tokens may arrive either way, and the cipher protects
 * nothing (its key is public), so refusing plain text would add no security.
 */
export async function plainPasswordOf(wirePassword: string): Promise<string> {
  try {
    return await decryptPassword(wirePassword);
  } catch {
    return wirePassword;
  }
}
