/** The firm workspace's Audit log section. */
export default function FirmAuditLog() {
  return <h1 className="text-2xl font-bold text-ink">Audit log</h1>;
}
