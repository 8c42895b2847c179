/** The categories area's address (doc 2 §2: /category); routes and links use this. */
export const categoryPaths = {
  list: () => '/category',
} as const;
