import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FEEDBACK_CONTENT,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_TYPES,
  needsContent,
  needsSerial,
  type FeedbackType,
} from '../../../src/services/feedback/schemas';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticate, type Caller } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';
import { imageReply } from '../../platform/http/images';
import { checkImage, decodeBase64Image, imageTooLarge, MAX_IMAGE_BYTES, MAX_IMAGES, tooManyImages, type CheckedImage } from './images';
import { findFeedback, insertFeedback, insertImages, listFeedback, toWire, type FeedbackValues } from './rows';

/**
 * /feedback (core §7; docs/areas/feedback.md): list by type, one by type and id, create as multipart
 * form data with the images, update as JSON (kept images as old_images, new ones as base64; D91),
 * delete by id, and each image at /feedback/image/:id. Every call is the caller's merchant's only:
 * another merchant's id answers exactly like a missing one. Owner and staff-type users alike (D87).
 */

const MAX_LIST_PAGE_SIZE = 100;
const MAX_SERIAL_LENGTH = 64;
/** Multipart text fields: the description's 1,000 characters at 4 bytes each, with room to spare. */
const MAX_FIELD_BYTES = 8 * 1024;

const notFound = (id: number | null) => new ApiError(404, 'FEEDBACK_NOT_FOUND', 'No such feedback', id === null ? {} : { id });
const badRequest = (field: string, message: string, data: Record<string, unknown> = {}) =>
  new ApiError(400, 'BAD_REQUEST', message, { field, ...data });

/** A whole positive id (number or digit string), or null. */
function idValue(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647) return value;
  if (typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647) return Number(value);
  return null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value.trim() : null);
const hasNul = (value: unknown) => typeof value === 'string' && value.includes('\u0000');

interface RawFields {
  type: unknown;
  store_id: unknown;
  content: unknown;
  description: unknown;
  serial_number: unknown;
}

/**
 * The text fields of create and update, checked in one pass: every missing or unacceptable field is
 * named in one REQUIRED answer (as the other areas do), then a description over the limit, then the
 * store and the card machine, which must be the caller's merchant's.
 */
async function checkFields(db: Database, merchantId: string, raw: RawFields, imageCount: number): Promise<FeedbackValues> {
  for (const [name, value] of Object.entries(raw)) {
    if (hasNul(value)) throw badRequest(name, 'Text may not contain NUL characters');
  }
  const missing: string[] = [];
  const type = FEEDBACK_TYPES.includes(raw.type as FeedbackType) ? (raw.type as FeedbackType) : null;
  if (!type) missing.push('type');
  const storeId = idValue(raw.store_id);
  if (storeId === null) missing.push('store_id');
  const content = text(raw.content) || null;
  const contentOk =
    type === null || !needsContent(type) || (content !== null && (FEEDBACK_CONTENT[type] as readonly string[]).includes(content));
  if (!contentOk) missing.push('content');
  const description = text(raw.description) ?? '';
  if (!description) missing.push('description');
  const serial = text(raw.serial_number) || null;
  if (type !== null && needsSerial(type) && serial === null) missing.push('serial_number');
  if (imageCount === 0) missing.push('images');
  if (missing.length) throw required(missing);
  if ([...description].length > FEEDBACK_DESCRIPTION_MAX)
    throw badRequest('description', `At most ${FEEDBACK_DESCRIPTION_MAX} characters`, { max: FEEDBACK_DESCRIPTION_MAX });
  if (imageCount > MAX_IMAGES) throw tooManyImages();

  const [store] = await db.query<{ name: string }>(`SELECT name FROM stores WHERE id = $1 AND merchant_id = $2`, [storeId, merchantId]);
  if (!store) throw new ApiError(400, 'STORE_NOT_EXIST', 'No such store', { field: 'store_id' });
  const wantsSerial = needsSerial(type!);
  if (wantsSerial) {
    if (serial!.length > MAX_SERIAL_LENGTH) throw badRequest('serial_number', 'No such card machine');
    const [device] = await db.query(`SELECT 1 FROM edc_devices WHERE serial_number = $1 AND merchant_id = $2`, [serial, merchantId]);
    if (!device) throw badRequest('serial_number', 'No such card machine');
  }
  return {
    type: type!,
    storeId: storeId!,
    storeName: store.name,
    content: needsContent(type!) ? content : null,
    description,
    serialNumber: wantsSerial ? serial : null,
  };
}

/** A multipart limit or a malformed body, as the envelope's 4xx. */
function multipartFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return tooManyImages();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('body', 'Too many form fields');
  return badRequest('body', 'Malformed multipart form data');
}

/** An `images` file as it arrived: its bytes, or cut at the limit (throwFileSizeLimit off: it was larger than allowed). */
interface RawImage {
  bytes: Buffer;
  truncated: boolean;
}

/** Reads the create form: text fields (first value of each) and every `images` file as sent (decoded later). */
async function readCreateForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new ApiError(415, 'BAD_REQUEST', 'Create feedback as multipart/form-data', { field: 'body' });
  const fields: Record<string, unknown> = {};
  const files: RawImage[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read (or skip) every file, so the whole body is consumed before answering.
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'images' && part.fieldname !== 'images[]') continue;
        files.push({ bytes, truncated: part.file.truncated });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw badRequest(part.fieldname.slice(0, 40), 'A form field is too long');
        if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  return { fields, files };
}

/** Every image decoded and re-encoded, in order (D220); the first one refused is the answer. */
async function decodeAll(files: RawImage[]): Promise<CheckedImage[]> {
  const images: CheckedImage[] = [];
  for (const [at, file] of files.entries()) {
    if (file.truncated) throw imageTooLarge(at);
    images.push(await checkImage(new Uint8Array(file.bytes), at));
  }
  return images;
}

function ownerOf(caller: Caller) {
  return caller.user.merchant_id;
}

/** The feedback list and sending feedback. */
function registerFeedbackListRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.get('/feedback', async (request) => {
    const merchantId = ownerOf(await authenticate(ctx, request));
    const query = request.query as Record<string, unknown>;
    const type = query.type;
    if (!FEEDBACK_TYPES.includes(type as FeedbackType)) throw required(['type']);
    if (query.id !== undefined) {
      const id = idValue(query.id);
      if (id === null) throw badRequest('id', 'id must be a whole number');
      const row = await findFeedback(ctx.db, merchantId, id);
      // A row of another type answers as missing: the address names both.
      if (!row || row.type !== type) throw notFound(id);
      return ok(toWire(row));
    }
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, MAX_LIST_PAGE_SIZE);
    const { rows, total } = await listFeedback(ctx.db, merchantId, { type: type as FeedbackType, page, pageSize });
    return ok({ items: rows.map(toWire), total_page: Math.ceil(total / pageSize), total_count: total, page, page_size: pageSize });
  });

  scope.post('/feedback', async (request) => {
    const caller = await authenticate(ctx, request);
    const merchantId = ownerOf(caller);
    const form = await readCreateForm(request);
    const values = await checkFields(ctx.db, merchantId, form.fields as unknown as RawFields, form.files.length);
    const images = await decodeAll(form.files);
    const id = await insertFeedback(ctx.db, merchantId, values, images, { userId: caller.user.id, now: ctx.clock.now() });
    return ok(toWire((await findFeedback(ctx.db, merchantId, id))!));
  });
}

/** Changing a feedback. */
function registerFeedbackUpdateRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.put('/feedback', async (request) => {
    const merchantId = ownerOf(await authenticate(ctx, request));
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body', 'A JSON object is expected');
    const raw = body as Record<string, unknown>;
    const id = idValue(raw.id);
    if (id === null) throw required(['id']);
    const existing = await findFeedback(ctx.db, merchantId, id);
    if (!existing || (raw.type !== undefined && raw.type !== existing.type)) throw notFound(id);

    const oldImages = raw.old_images ?? [];
    if (!Array.isArray(oldImages) || oldImages.length > MAX_IMAGES)
      throw badRequest('old_images', 'old_images must be a list of image addresses');
    const mine = new Set(existing.image_ids ?? []);
    const kept: number[] = [];
    for (const url of oldImages) {
      const m = typeof url === 'string' ? /\/feedback\/image\/(\d{1,10})$/.exec(url) : null;
      const imageId = m ? Number(m[1]) : NaN;
      // Only this feedback's own images can be kept; anything else is a mistake, not a silent drop.
      if (!mine.has(imageId)) throw badRequest('old_images', 'Not an image of this feedback');
      if (!kept.includes(imageId)) kept.push(imageId);
    }
    const newImages = raw.images ?? [];
    if (!Array.isArray(newImages) || newImages.length > MAX_IMAGES) throw badRequest('images', 'images must be a list of base64 images');
    const values = await checkFields(
      ctx.db,
      merchantId,
      { ...(raw as unknown as RawFields), type: existing.type },
      kept.length + newImages.length,
    );
    const added: CheckedImage[] = [];
    for (const [i, value] of newImages.entries()) added.push(await decodeBase64Image(value, kept.length + i));

    const now = ctx.clock.now();
    await ctx.db.query(
      `UPDATE feedback SET store_id = $3, store_name = $4, content = $5, description = $6, serial_number = $7, updated_at = $8
          WHERE id = $1 AND merchant_id = $2`,
      [id, merchantId, values.storeId, values.storeName, values.content, values.description, values.serialNumber, now],
    );
    await ctx.db.query(`DELETE FROM feedback_images WHERE feedback_id = $1 AND NOT (id = ANY($2::int[]))`, [id, kept]);
    for (const [position, imageId] of kept.entries()) {
      await ctx.db.query(`UPDATE feedback_images SET position = $2 WHERE id = $1`, [imageId, position]);
    }
    await insertImages(ctx.db, merchantId, id, added, kept.length, now);
    return ok(toWire((await findFeedback(ctx.db, merchantId, id))!));
  });
}

/** Deleting a feedback, and its images. */
function registerFeedbackItemRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.delete('/feedback', async (request) => {
    const merchantId = ownerOf(await authenticate(ctx, request));
    const raw = (request.query as Record<string, unknown>).id;
    const id = idValue(raw);
    if (id === null) throw required(['id']);
    const row = await findFeedback(ctx.db, merchantId, id);
    if (!row) throw notFound(id);
    await ctx.db.query(`DELETE FROM feedback WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
    return ok({ success: true, id });
  });

  scope.get<{ Params: { id: string } }>('/feedback/image/:id', async (request, reply) => {
    const merchantId = ownerOf(await authenticate(ctx, request));
    const id = idValue(request.params.id);
    const [image] =
      id === null
        ? []
        : await ctx.db.query<{ mime: string; bytes: Uint8Array }>(
            `SELECT mime, bytes FROM feedback_images WHERE id = $1 AND merchant_id = $2`,
            [id, merchantId],
          );
    // Another merchant's image answers exactly like a missing one.
    if (!image) throw new ApiError(404, 'NOT_FOUND', 'No such image');
    return imageReply(reply, image.mime).send(Buffer.from(image.bytes));
  });
}

export function registerFeedbackRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // Its own scope: the multipart parser (and its limits) serve these calls only.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: MAX_IMAGES,
        fields: 12,
        fieldSize: MAX_FIELD_BYTES,
        fieldNameSize: 100,
        parts: 24,
        headerPairs: 50,
      },
    });

    registerFeedbackListRoutes(scope, ctx);
    registerFeedbackUpdateRoutes(scope, ctx);
    registerFeedbackItemRoutes(scope, ctx);
  });
}
