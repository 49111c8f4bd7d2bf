/** The firm workspace's Leads section. */
export default function FirmLeads() {
  return <h1 className="text-2xl font-bold text-ink">Leads</h1>;
}
