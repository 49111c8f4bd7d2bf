/** Length limits of a password, shared by the forms (browser) and the server's policy. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
