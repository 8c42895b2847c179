/** doc 2 §2 /e-inv-template: the gallery's filter types, and the template setup form's rules (§5, §9). */

export const TEMPLATE_TYPES = ['sale', 'gtgt', 'export', 'service', 'electronic'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export type TemplateFilter = 'all' | TemplateType;
export const TEMPLATE_FILTERS: readonly TemplateFilter[] = ['all', ...TEMPLATE_TYPES];

/** doc 2 §5, §9: the template logo is a PDF, PNG or JPEG of at most 5 MB. */
export const TEMPLATE_LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const TEMPLATE_NAME_MAX = 100;

export interface GalleryTemplate {
  id: string;
  type: TemplateType;
  /** The accent the drawn preview uses. */
  accent: string;
  /** Layout of the drawn preview. */
  layout: 'classic' | 'banded' | 'compact';
}

/** The static gallery (doc 2 §2): two of each kind but export and electronic, drawn by the screen. */
export const GALLERY: readonly GalleryTemplate[] = [
  { id: 'gtgt-classic', type: 'gtgt', accent: '#1c4e9d', layout: 'classic' },
  { id: 'gtgt-banded', type: 'gtgt', accent: '#0b7a4b', layout: 'banded' },
  { id: 'sale-classic', type: 'sale', accent: '#a14300', layout: 'classic' },
  { id: 'sale-compact', type: 'sale', accent: '#7a2e8e', layout: 'compact' },
  { id: 'export-classic', type: 'export', accent: '#4a5563', layout: 'classic' },
  { id: 'service-banded', type: 'service', accent: '#b0132f', layout: 'banded' },
  { id: 'service-compact', type: 'service', accent: '#006d77', layout: 'compact' },
  { id: 'electronic-compact', type: 'electronic', accent: '#1a1a1a', layout: 'compact' },
];

export function filterGallery(filter: TemplateFilter): GalleryTemplate[] {
  return GALLERY.filter((template) => filter === 'all' || template.type === filter);
}

export function isTemplateType(value: unknown): value is TemplateType {
  return typeof value === 'string' && (TEMPLATE_TYPES as readonly string[]).includes(value);
}

export type TemplateNameProblem = 'required' | 'tooLong' | null;

export function templateNameProblem(name: string): TemplateNameProblem {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > TEMPLATE_NAME_MAX) return 'tooLong';
  return null;
}
