/** Session-storage key of an invitation opened before logging in. */
export const INVITATION_KEY = 'invitation';

/** Session-storage key of the page a visitor without a session asked for: the login opens it. */
export const AFTER_LOGIN_KEY = 'afterLogin';
