/** The firm workspace's Lead section. */
export default function FirmLead() {
  return <h1 className="text-2xl font-bold text-ink">Lead</h1>;
}
