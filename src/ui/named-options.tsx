/** The options of a select of things known by their name (clients, staff, bank accounts): each its name, its id the value. */
export function NamedOptions({ items }: { items: readonly { id: number | string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}
