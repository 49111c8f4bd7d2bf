/** The account feature's public module: what other features may use (browser code only). */
export { REAUTH_CANCELLED, REAUTH_REQUIRED, useRecentSignIn } from "./components/reauth-dialog.tsx";
export { TwoFactorPolicySection } from "./components/two-factor-policy-section.tsx";
