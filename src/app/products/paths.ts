/** The products area's addresses (doc 2 §2: /sale-product, /sale-product/create, /sale-product/update?id={code}). */
export const productPaths = {
  list: () => '/sale-product',
  create: () => '/sale-product/create',
  update: (code: string) => `/sale-product/update?id=${encodeURIComponent(code)}`,
} as const;

/** The segments ProductsRoute mounts under productPaths.list(). */
export const productSegments = { create: 'create', update: 'update' } as const;
