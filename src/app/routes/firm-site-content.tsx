/** The firm workspace's Site content section. */
export default function FirmSiteContent() {
  return <h1 className="text-2xl font-bold text-ink">Site content</h1>;
}
