import { z } from '../../../config/zod-classic';
import type { ServiceClient } from '../../http/client';
import type { TemplateLogoKind } from './logo';

/**
 * The merchant's saved invoice template (D255): GET and PUT /api/portal/einvoice/template.
 * The PUT is multipart: the fields, and the logo file when a new one was chosen, or `keep_logo=1` to
 * keep the saved one. What the server answers is parsed before use.
 */

const logoKinds = ['application/pdf', 'image/png', 'image/jpeg'] as const satisfies readonly TemplateLogoKind[];

export const savedTemplateSchema = z
  .object({
    template_id: z.string().min(1).max(50),
    name: z.string().max(100),
    // The gallery's kinds are the machine's rule (isTemplateType); a kind it does not know opens the form without one.
    type: z.string().regex(/^[a-z]{1,20}$/),
    logo: z.object({ mime: z.enum(logoKinds), name: z.string().max(200), size: z.number().int().nonnegative() }).nullable(),
    updated_at: z.number().int().nonnegative(),
  })
  .transform((w) => ({
    templateId: w.template_id,
    name: w.name,
    type: w.type,
    logo: w.logo === null ? null : { kind: w.logo.mime, name: w.logo.name, size: w.logo.size },
    updatedAt: w.updated_at,
  }));

export type SavedTemplate = z.infer<typeof savedTemplateSchema>;

export interface TemplateSave {
  templateId: string;
  name: string;
  /** One of the gallery's kinds (machines/einvoice/template/rules TEMPLATE_TYPES). */
  type: string;
  /** A newly chosen logo, or null. */
  logo: { file: Blob; name: string } | null;
  /** Keep the saved logo (no new one chosen, the saved one not removed). */
  keepLogo: boolean;
}

export interface TemplateApi {
  load(signal?: AbortSignal): Promise<SavedTemplate | null>;
  save(body: TemplateSave, signal?: AbortSignal): Promise<SavedTemplate>;
}

export function createTemplateApi(client: ServiceClient): TemplateApi {
  return {
    load: (signal) =>
      client.data({ name: 'einvoice.template.load', path: '/einvoice/template', schema: savedTemplateSchema.nullable(), signal }),
    save(body, signal) {
      const form = new FormData();
      form.append('template_id', body.templateId);
      form.append('name', body.name.trim());
      form.append('type', body.type);
      if (body.logo) form.append('logo', body.logo.file, body.logo.name || 'logo');
      else if (body.keepLogo) form.append('keep_logo', '1');
      return client.data({
        name: 'einvoice.template.save',
        method: 'PUT',
        path: '/einvoice/template',
        body: form,
        schema: savedTemplateSchema,
        signal,
      });
    },
  };
}
