// The account forms of /login in one module, off the page's first load (see login-page.tsx).
export { SignInForm } from "./sign-in-form.tsx";
export { SignUpForm } from "./sign-up-form.tsx";
export { ResetRequestForm } from "./reset-request-form.tsx";
export { TwoFactorStep } from "./two-factor-step.tsx";
