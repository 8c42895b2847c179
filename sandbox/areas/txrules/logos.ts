/**
 * Logos of card brands and banks for the rule list (doc 2 §3 Transaction rule: logo.issuer,
 * logo.acquirer), drawn here as small SVGs rather than downloaded: a brand's or bank's name on its
 * colour. Only names from the fixed lists are drawn, so no caller text ever reaches the markup.
 */

/** The card brands a rule can route (GET /metadata/list-card-type), with the colour of their logo. */
export const CARD_TYPES = {
  VISA: '#1a1f71',
  MASTERCARD: '#eb001b',
  JCB: '#0b4ea2',
  NAPAS: '#00529c',
  AMEX: '#2e77bb',
  UNIONPAY: '#d10429',
} as const;
export type CardType = keyof typeof CARD_TYPES;
export const CARD_TYPE_NAMES = Object.keys(CARD_TYPES) as CardType[];

/** The banks that process card payments in the sandbox (GET /metadata/list-accquire), by bank code. */
export const ACQUIRER_CODES = ['VCB', 'BIDV', 'ICB', 'TCB', 'MB', 'STB'] as const;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stable colour per bank code: dark enough for white text (contrast above 4.5:1). */
function bankColour(code: string): string {
  let hash = 0;
  for (const ch of code) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${hash}, 70%, 28%)`;
}

function badge(text: string, colour: string, width: number): string {
  const size = text.length > 9 ? 10 : 12;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="32" viewBox="0 0 ${width} 32" role="img">` +
    `<rect width="${width}" height="32" rx="6" fill="${colour}"/>` +
    `<text x="${width / 2}" y="21" font-family="Arial, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(text)}</text>` +
    `</svg>`
  );
}

export function cardLogoSvg(card: CardType): string {
  return badge(card === 'MASTERCARD' ? 'Mastercard' : card === 'UNIONPAY' ? 'UnionPay' : card, CARD_TYPES[card], 72);
}

export function bankLogoSvg(code: string, shortName: string): string {
  return badge(shortName, bankColour(code), 88);
}

/** Where the list points each logo: absolute paths under the portal service, served without sign-in. */
export const cardLogoUrl = (card: string) => `/api/portal/metadata/logo/card/${encodeURIComponent(card)}.svg`;
export const bankLogoUrl = (code: string) => `/api/portal/metadata/logo/bank/${encodeURIComponent(code)}.svg`;
