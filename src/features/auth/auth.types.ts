/**
 * What the auth library's routes (below /api/auth) answer, as far as the screens read it. The library writes these
 * answers itself: there is no handler of ours to type with them.
 */

/** POST /api/auth/sign-in/email: `twoFactorRedirect` when the account needs its second step. */
export interface SignInAnswer {
  twoFactorRedirect?: boolean;
}

/** POST /api/auth/sign-in/social with `disableRedirect`: the provider's page to go to. */
export interface SocialSignInAnswer {
  url?: string;
}

/** POST /api/auth/two-factor/enable (the app's key and the backup codes) and /generate-backup-codes (the codes). */
export interface TwoFactorSecrets {
  totpURI?: string;
  backupCodes?: string[];
}
