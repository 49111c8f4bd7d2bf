/** What other features may use of auth, on the server (this module is server-only: not for browser code). */
export {
  ACCOUNT_EXISTS_MESSAGE,
  checkPassword,
  createVerifiedAccount,
  PASSWORD_EXISTS_MESSAGE,
  setFirstPassword,
  signInOnAnswer,
  throttleInvitationSignUp,
} from "./invited-account.server.ts";
export { markSignedInAgain, reauthRequired, requireRecentSignIn } from "./recent-sign-in.server.ts";
export { readTwoFactorPolicy, updateTwoFactorPolicy, type TwoFactorPolicy } from "./two-factor-policy.server.ts";
