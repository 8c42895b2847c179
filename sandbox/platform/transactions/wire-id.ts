/**
 * A transaction's id on the wire: `<channel>-<row id, 7 digits>`. The reports list it, and the
 * payment events of triggers in other areas carry the same id so the portal can match a spoken
 * payment with its report row.
 */
export const wireId = (channel: string, id: number) => `${channel}-${String(id).padStart(7, '0')}`;

export function parseWireId(value: string): { channel: string; id: number } | null {
  const m = /^([a-z]+)-(\d{1,12})$/.exec(value);
  return m ? { channel: m[1]!, id: Number(m[2]) } : null;
}
