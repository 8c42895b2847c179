/**
 * The token handed to an adapter names the seller too (D186). M-Invoice and MISA want the seller's tax
 * code in a header beside the bearer on every call, Viettel in its paths and bodies, but the adapter
 * interface passes one string. So that string is `{tax code}|{bearer}` when the tax code is known: the
 * adapter's own login writes it, and the token source writes it for the tokens the backend hands out.
 * A tax code is digits and one hyphen and a bearer never starts with one followed by `|`, so the two
 * forms cannot be confused; a token without the prefix is a bare bearer.
 */

const SELLER = /^(\d{10}(?:-\d{3})?|\d{12})\|([\s\S]+)$/;

export function sellerToken(token: string, taxCode: string | null | undefined): string {
  const code = taxCode?.trim();
  if (!code || SELLER.test(token)) return token;
  return /^(\d{10}(?:-\d{3})?|\d{12})$/.test(code) ? `${code}|${token}` : token;
}

export function splitSellerToken(value: string): { taxCode: string | null; token: string } {
  const match = SELLER.exec(value);
  return match ? { taxCode: match[1]!, token: match[2]! } : { taxCode: null, token: value };
}
