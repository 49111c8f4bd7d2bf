/** The firm workspace's Overview section. */
export default function FirmOverview() {
  return <h1 className="text-2xl font-bold text-ink">Overview</h1>;
}
