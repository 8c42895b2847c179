import { z } from '../../config/zod-classic';

/**
 * Card machines (core §3 EDC machine, §4 Soundbox activation and POS connection, §7 calls). The
 * wire shapes are in docs/areas/edc.md, "Areas' own calls", edc.
 */

export const EDC_TYPE = { pos: 1, soundbox: 2 } as const;
export const edcTypeSchema = z.union([z.literal(1), z.literal(2)]);
export type EdcType = z.infer<typeof edcTypeSchema>;

export const CONNECTION_STATES = ['ONLINE', 'OFFLINE', 'NOT_CONNECTED'] as const;
export const connectionStateSchema = z.enum(CONNECTION_STATES);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

export const tidMidSchema = z.object({ tid: z.string().min(1), mid: z.string().min(1) });
export type TidMid = z.infer<typeof tidMidSchema>;

export const edcDeviceSchema = z.object({
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  serial_number: z.string().min(1),
  type_edc: edcTypeSchema,
  pos_id: z.string().min(1),
  aggregated_data: z.array(tidMidSchema),
  /** The ShopQR the machine is integrated with; null when not integrated. */
  va_account_no: z.string().nullable(),
  /** Last known connection state; null: the bank has not provisioned the machine. */
  status: connectionStateSchema.nullable(),
  is_selected: z.boolean(),
  /** When the Soundbox was activated (ISO with offset); null when not (yet). */
  activated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type EdcDevice = z.infer<typeof edcDeviceSchema>;

/** GET /pos/check-status */
export const checkStatusSchema = z.object({ status: connectionStateSchema });

/** GET /metadata/list-va-to-link: a ShopQR a machine may be integrated with. */
export const linkableVaSchema = z.object({
  va_account_no: z.string().min(1),
  va_type: z.enum(['STORE', 'STAFF', 'BILL']),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  staff_id: z.string().nullable(),
  holder_name: z.string().nullable(),
});
export type LinkableVa = z.infer<typeof linkableVaSchema>;

/** PUT /map-edc-to-va answers the integrated machine. */
export const mapEdcAnswerSchema = edcDeviceSchema;

/** Soundbox activation is allowed only when the machine has a status and is selected (core §4). */
export function canActivate(device: Pick<EdcDevice, 'status' | 'is_selected'>): boolean {
  return device.status !== null && device.is_selected;
}
