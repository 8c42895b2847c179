/**
 * The customer display's addresses (core §2 /ecr-slide, /ecr-order-info, /ecr-success-payment; the
 * pairing page /sale-display is beyond the spec). Open to every layer: the payment screen links here.
 */
export const displayPaths = {
  slide: () => '/ecr-slide',
  orderInfo: () => '/ecr-order-info',
  success: () => '/ecr-success-payment',
  /** A display device pairs here; with the code (the cashier's QR) it pairs at once. */
  pair: (code?: string) => (code ? `/ecr-slide?pair=${encodeURIComponent(code)}` : '/ecr-slide?pair'),
  /** The cashier's page: open the display here, pair a device, unpair. */
  pairing: () => '/sale-display',
} as const;

/** The display's three pages, by the view of the displayScreen machine. */
export const DISPLAY_VIEW_PATHS = {
  slide: displayPaths.slide(),
  orderInfo: displayPaths.orderInfo(),
  success: displayPaths.success(),
} as const;

/** The router's basename: addresses shown to people and put in QR codes are absolute. */
export const PORTAL_BASE = '/portal';
