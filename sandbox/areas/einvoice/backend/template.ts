import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, PDFName } from 'pdf-lib';
import type { SandboxContext } from '../../../platform/context';
import { authenticate, authenticateOwner } from '../../../platform/http/authenticate';
import { ApiError, ok, required } from '../../../platform/http/envelope';
import { decodeImage, imageRefusals, imageReply, readFileUpload, type UploadedFile } from '../../../platform/http/images';
import { badRequest } from './common';

/**
 * The merchant's invoice template (D255; doc 2 §2 template setup: name, type, logo; §5 and
 * §9: the logo a PDF, PNG or JPEG of at most 5 MB). GET /einvoice/template answers the saved one or
 * null (owner and staff: the gallery shows which is in use); PUT (the owner's, as every set-up, D87)
 * takes multipart `template_id`, `name`, `type`, and either a `logo` file or `keep_logo=1` to keep the
 * saved one; GET /einvoice/template/logo serves the saved logo. The logo is decoded and stored
 * re-encoded, never as sent: PNG and JPEG by the platform (D220), a PDF by loading it whole and copying
 * its first page into a new document without its annotations, so scripts, attachments and actions of
 * the file sent never reach the store.
 */

export const TEMPLATE_LOGO_MAX_BYTES = 5 * 1024 * 1024;
const TEMPLATE_TYPES = ['sale', 'gtgt', 'export', 'service', 'electronic'] as const;
const TEMPLATE_ID = /^[a-z]{1,20}-[a-z]{1,20}$/;
const NAME_MAX = 100;
const LOGO_NAME_MAX = 200;

interface TemplateRow {
  template_id: string;
  name: string;
  type: string;
  logo_mime: string | null;
  logo_name: string | null;
  logo_size: number | null;
  updated_at: number;
}

const toWire = (r: TemplateRow) => ({
  template_id: r.template_id,
  name: r.name,
  type: r.type,
  logo: r.logo_mime === null ? null : { mime: r.logo_mime, name: r.logo_name ?? '', size: Number(r.logo_size ?? 0) },
  updated_at: Number(r.updated_at),
});

async function readTemplate(ctx: SandboxContext, merchantId: string): Promise<TemplateRow | null> {
  const [row] = await ctx.db.query<TemplateRow & Record<string, unknown>>(
    `SELECT template_id, name, type, logo_mime, logo_name, octet_length(logo_bytes) AS logo_size, updated_at
       FROM einv_templates WHERE merchant_id = $1`,
    [merchantId],
  );
  return row ?? null;
}

/** A PDF logo rewritten: its first page copied into a new document, without annotations; anything unreadable is refused. */
async function rewritePdf(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    if (source.getPageCount() < 1) return null;
    const out = await PDFDocument.create();
    const [page] = await out.copyPages(source, [0]);
    for (const key of ['Annots', 'AA']) page!.node.delete(PDFName.of(key));
    out.addPage(page!);
    return await out.save({ useObjectStreams: false });
  } catch {
    return null;
  }
}

async function checkedLogo(file: UploadedFile): Promise<{ mime: string; bytes: Uint8Array }> {
  const refuse = imageRefusals(TEMPLATE_LOGO_MAX_BYTES, { field: 'logo' });
  if (file.truncated || file.bytes.length > TEMPLATE_LOGO_MAX_BYTES) throw refuse.tooLarge();
  const bytes = new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  try {
    return await decodeImage(bytes, TEMPLATE_LOGO_MAX_BYTES, refuse);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'IMAGE_INVALID_FORMAT') throw error;
  }
  const pdf = await rewritePdf(bytes);
  if (pdf === null) throw new ApiError(415, 'IMAGE_INVALID_FORMAT', 'The logo is not a PDF, PNG or JPEG file', { field: 'logo' });
  return { mime: 'application/pdf', bytes: pdf };
}

export function registerTemplateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: TEMPLATE_LOGO_MAX_BYTES, files: 1, fields: 6, fieldSize: 1024, fieldNameSize: 100, parts: 8, headerPairs: 50 },
    });

    scope.get('/einvoice/template', async (request) => {
      const { user } = await authenticate(ctx, request);
      const row = await readTemplate(ctx, user.merchant_id);
      return ok(row === null ? null : toWire(row));
    });

    scope.get('/einvoice/template/logo', async (request, reply) => {
      const { user } = await authenticate(ctx, request);
      const [row] = await ctx.db.query<{ logo_mime: string; logo_bytes: Uint8Array }>(
        `SELECT logo_mime, logo_bytes FROM einv_templates WHERE merchant_id = $1 AND logo_bytes IS NOT NULL`,
        [user.merchant_id],
      );
      if (!row) throw new ApiError(404, 'NOT_FOUND', 'No saved logo');
      return imageReply(reply, row.logo_mime).header('Cache-Control', 'no-store').send(Buffer.from(row.logo_bytes));
    });

    scope.put('/einvoice/template', async (request) => {
      const { user } = await authenticateOwner(ctx, request);
      const { fields, file } = await readFileUpload(request, 'logo');
      const missing = ['template_id', 'name', 'type'].filter((k) => !(fields[k] ?? '').trim());
      if (missing.length > 0) throw required(missing);
      const templateId = fields.template_id!.trim();
      if (!TEMPLATE_ID.test(templateId)) throw badRequest('template_id', 'Unknown template');
      const name = fields.name!.trim();
      if (name.length > NAME_MAX || name.includes('\u0000')) throw badRequest('name', `The name is at most ${NAME_MAX} characters`);
      const type = fields.type!.trim();
      if (!(TEMPLATE_TYPES as readonly string[]).includes(type))
        throw badRequest('type', `type must be one of ${TEMPLATE_TYPES.join(', ')}`);
      const keep = fields.keep_logo === '1';
      const logo = file ? await checkedLogo(file) : null;
      const logoName = file ? (file.filename.trim() || 'logo').slice(0, LOGO_NAME_MAX).replace(/\u0000/g, '') : null;
      const now = ctx.clock.now();
      await ctx.db.query(
        `INSERT INTO einv_templates (merchant_id, template_id, name, type, logo_mime, logo_name, logo_bytes, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (merchant_id) DO UPDATE SET template_id = EXCLUDED.template_id, name = EXCLUDED.name, type = EXCLUDED.type,
           logo_mime = CASE WHEN $9::boolean THEN einv_templates.logo_mime ELSE EXCLUDED.logo_mime END,
           logo_name = CASE WHEN $9::boolean THEN einv_templates.logo_name ELSE EXCLUDED.logo_name END,
           logo_bytes = CASE WHEN $9::boolean THEN einv_templates.logo_bytes ELSE EXCLUDED.logo_bytes END,
           updated_at = EXCLUDED.updated_at`,
        [user.merchant_id, templateId, name, type, logo?.mime ?? null, logoName, logo?.bytes ?? null, now, keep && logo === null],
      );
      return ok(toWire((await readTemplate(ctx, user.merchant_id))!));
    });
  });
}
