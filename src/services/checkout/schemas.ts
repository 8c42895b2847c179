import type { WidgetType } from './link/schemas';

/**
 * What the /e-com form sends to the checkout service (D148, D153). Its answers are the
 * shared MerchantInfo schema (src/services/checkout/link/schemas.ts): every saving call answers the
 * whole record.
 */

/** PUT /merchants/{merchant_id}: the three URLs and the ids of the methods turned on (none = none on). */
export interface MerchantSave {
  merchant_id: string;
  merchant_name: string;
  return_url: string;
  cancel_url: string;
  ipn_url: string;
  payment_methods: number[];
}

/** PUT /widgets/{id}: the look, the methods' switches and the logo change, if any. */
export interface WidgetSave {
  widget_id: string;
  primary_color: string;
  secondary_color: string;
  button_color: string;
  logo_height: 60 | 80 | 100;
  logo_position: 'left' | 'center' | 'right';
  button_border: boolean;
  border_radius: number;
  button_text: string;
  active_methods: Array<{ name: WidgetType; active: boolean }>;
  /** A new logo, already checked by content; null: the logo stays unless `remove_logo`. */
  logo: Blob | null;
  remove_logo: boolean;
}
