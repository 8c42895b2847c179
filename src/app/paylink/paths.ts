/** The Pay by Link area's address (doc 2 §2 /pay-by-link); routes and links use this, never literals. */
export const payLinkPaths = {
  page: (search = '') => (search ? `/pay-by-link?${search}` : '/pay-by-link'),
} as const;
