/** The firm workspace's Clients section. */
export default function FirmClients() {
  return <h1 className="text-2xl font-bold text-ink">Clients</h1>;
}
