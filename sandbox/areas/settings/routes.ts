import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isPointPercent,
  normaliseWebsite,
  SAAS_IMAGE_KINDS,
  SAAS_IMAGE_MAX_BYTES,
  SAAS_IMAGE_PATH,
  saasImagePath,
  type SaasImageKind,
} from '../../../src/services/settings/schemas';
import type { Database } from '../../platform/db/database';
import type { SandboxContext } from '../../platform/context';
import { authenticate, requireOwner, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok } from '../../platform/http/envelope';
import { readImageUpload, sendStoredImage, type StoredImage } from '../../platform/http/images';

const badRequest = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });

interface SaleMerchant {
  merchant_id: string;
  logo: string | null;
  banner: string | null;
  address: string;
  hotline: string;
  website: string | null;
  point_percent: number;
  is_fnb: boolean;
}

/** The GET shape (CONTRACT13/14 §E). Address and hotline come from the business profile, never stored here. */
export async function readSaleMerchant(db: Database, merchantId: string): Promise<SaleMerchant> {
  const [row] = await db.query<{
    address: string | null;
    phone: string | null;
    is_fnb: boolean;
    logo: string | null;
    banner: string | null;
    website: string | null;
    point_percent: number | null;
  }>(
    `SELECT m.address, m.phone, m.is_fnb, s.logo, s.banner, s.website, s.point_percent::float8 AS point_percent
     FROM merchants m LEFT JOIN sale_settings s ON s.merchant_id = m.id WHERE m.id = $1`,
    [merchantId],
  );
  return {
    merchant_id: merchantId,
    logo: row?.logo ?? null,
    banner: row?.banner ?? null,
    address: row?.address ?? '',
    hotline: row?.phone ?? '',
    website: row?.website ?? null,
    point_percent: row?.point_percent ?? 0,
    is_fnb: row?.is_fnb ?? false,
  };
}

/**
 * An image URL of a PUT: null clears it; otherwise it must be an upload of this merchant of the
 * right kind (a logo slot never takes a banner-sized picture, and no outside address is stored: the
 * ordering site and the customer display show these to the public).
 */
async function ownImage(db: Database, merchantId: string, field: 'logo' | 'banner', value: unknown): Promise<string | null> {
  if (value === null) return null;
  const match = typeof value === 'string' ? SAAS_IMAGE_PATH.exec(value) : null;
  if (!match) throw badRequest(field, `${field} is the URL of an uploaded image or null`);
  const [row] = await db.query(`SELECT 1 FROM saas_images WHERE id = $1 AND merchant_id = $2 AND kind = $3`, [
    Number(match[1]),
    merchantId,
    field,
  ]);
  if (!row) throw badRequest(field, `${field} is not a ${field} uploaded by this merchant`);
  return value as string;
}

interface SalePatch {
  logo?: string | null;
  banner?: string | null;
  website?: string;
  point_percent?: number;
}

/** PUT /saas/merchant's body, PARTIAL (CONTRACT14 §E): absent = unchanged; the first failing field, in the contract's order, answers 400 BAD_REQUEST {field}. */
async function checkPatch(db: Database, merchantId: string, body: unknown): Promise<SalePatch> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'BAD_REQUEST', 'Send a JSON object', {});
  const b = body as Record<string, unknown>;
  const patch: SalePatch = {};
  if (b.logo !== undefined) patch.logo = await ownImage(db, merchantId, 'logo', b.logo);
  if (b.banner !== undefined) patch.banner = await ownImage(db, merchantId, 'banner', b.banner);
  if (b.website !== undefined) {
    // The portal strips spaces before sending (doc 2 §5); a space here is refused, not silently removed.
    const website = typeof b.website === 'string' ? normaliseWebsite(b.website) : null;
    if (!website) throw badRequest('website', 'website is an https address of at most 200 characters, without spaces, query or fragment');
    patch.website = website;
  }
  if (b.point_percent !== undefined) {
    if (!isPointPercent(b.point_percent))
      throw badRequest('point_percent', 'point_percent is a number from 0 to 100 with at most 2 decimals');
    patch.point_percent = b.point_percent;
  }
  return patch;
}

const IMAGE_MAX = Math.max(...Object.values(SAAS_IMAGE_MAX_BYTES));

/**
 * The sale service's settings calls (doc 2 §3 Sale settings, §7 /saas/merchant; CONTRACT14 §E):
 * GET for owner and staff (the cashier's screens read the website and the points rate), PUT and the
 * image upload for the owner only (D87). Every call is the caller's merchant's; an image of another
 * merchant answers as a missing one.
 */
export function registerSettingsRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  // `?token=` (the spec's form) is accepted and ignored: the bearer decides.
  app.get('/saas/merchant', async (request) => {
    const { user } = await caller(request);
    return ok(await readSaleMerchant(ctx.db, user.merchant_id));
  });

  app.put('/saas/merchant', async (request) => {
    const { user } = requireOwner(await caller(request));
    const patch = await checkPatch(ctx.db, user.merchant_id, request.body);
    const set = (name: keyof SalePatch) => patch[name] !== undefined;
    await ctx.db.query(
      `INSERT INTO sale_settings (merchant_id, logo, banner, website, point_percent, updated_at)
       VALUES ($1, $2, $3, $4, COALESCE($5::numeric, 0), $10)
       ON CONFLICT (merchant_id) DO UPDATE SET
         logo = CASE WHEN $6::boolean THEN EXCLUDED.logo ELSE sale_settings.logo END,
         banner = CASE WHEN $7::boolean THEN EXCLUDED.banner ELSE sale_settings.banner END,
         website = CASE WHEN $8::boolean THEN EXCLUDED.website ELSE sale_settings.website END,
         point_percent = CASE WHEN $9::boolean THEN EXCLUDED.point_percent ELSE sale_settings.point_percent END,
         updated_at = EXCLUDED.updated_at`,
      [
        user.merchant_id,
        patch.logo ?? null,
        patch.banner ?? null,
        patch.website ?? null,
        patch.point_percent ?? null,
        set('logo'),
        set('banner'),
        set('website'),
        set('point_percent'),
        ctx.clock.now(),
      ],
    );
    return ok(await readSaleMerchant(ctx.db, user.merchant_id));
  });

  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: IMAGE_MAX, files: 2, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 50 },
    });

    scope.post('/saas/image', async (request) => {
      const { user } = requireOwner(await caller(request));
      const kind = (request.query as Record<string, unknown>).kind;
      if (typeof kind !== 'string' || !(SAAS_IMAGE_KINDS as readonly string[]).includes(kind))
        throw badRequest('kind', 'kind is logo, banner or background');
      const maxBytes = SAAS_IMAGE_MAX_BYTES[kind as SaasImageKind];
      const { image } = await readImageUpload(request, { field: 'file', maxBytes });
      const [row] = await ctx.db.query<{ id: number }>(
        `INSERT INTO saas_images (merchant_id, kind, mime, bytes, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [user.merchant_id, kind, image!.mime, image!.bytes, ctx.clock.now()],
      );
      return ok({ url: saasImagePath(row!.id) });
    });

    scope.get('/saas/image/:id', async (request, reply) => {
      const { user } = await caller(request);
      return sendStoredImage(reply, (request.params as { id?: string }).id, async (id) => {
        const [image] = await ctx.db.query<StoredImage>(`SELECT mime, bytes FROM saas_images WHERE id = $1 AND merchant_id = $2`, [
          id,
          user.merchant_id,
        ]);
        return image;
      });
    });
  });
}
