import { TwoFactorPolicySection } from "~/features/account/components/two-factor-policy-section.tsx";

/** The firm workspace's Team section. */
export default function FirmTeam() {
  return (
    <>
      <h1 className="text-2xl font-bold text-ink">Team</h1>
      <TwoFactorPolicySection />
    </>
  );
}
