/** Session-storage key of an invitation opened before logging in. */
export const INVITATION_KEY = 'invitation';
