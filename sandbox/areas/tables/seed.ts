import type { FeatureSeed } from '../../platform/area';
import { checkTable, insertTable } from './routes';

/**
 * A restaurant's floor: "Bàn 1".."Bàn 12" (4 seats) and "Sân vườn 1".."Sân vườn 3" (6 seats) for the
 * phoco-like merchants, seeded or a throwaway copy. colan and chuoi are not food-and-beverage: none.
 */
export function seedTablePlan(template: string): Array<{ table_name: string; max_slot: number }> {
  if (template !== 'phoco') return [];
  return [
    ...Array.from({ length: 12 }, (_, i) => ({ table_name: `Bàn ${i + 1}`, max_slot: 4 })),
    ...Array.from({ length: 3 }, (_, i) => ({ table_name: `Sân vườn ${i + 1}`, max_slot: 6 })),
  ];
}

export const seedTables: FeatureSeed = async (db, merchant) => {
  for (const [i, t] of seedTablePlan(merchant.template).entries()) {
    const input = checkTable({
      table_name: t.table_name,
      max_slot: t.max_slot,
      available_slot: t.max_slot,
      customer_id: 0,
      is_available: true,
    });
    await insertTable(db, merchant.id, input, merchant.now - (100 - i) * 60_000);
  }
};
