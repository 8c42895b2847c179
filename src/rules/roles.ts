/**
 * Core §6: a role other than Customer is a staff-type user. What the owner alone may do (D87): manage
 * staff, stores, bank accounts, ShopQR, card machines and e-invoice settings. The sandbox enforces the
 * same rule (PERMISSION_DENY); the portal hides or disables what the role cannot do.
 */
export const OWNER_ROLE = 'Customer';

export function isOwner(role: string | null | undefined): boolean {
  return role === OWNER_ROLE;
}
