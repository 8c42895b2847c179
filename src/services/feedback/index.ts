import { z } from '../../config/zod-classic';
import { readBlob } from '../http/body';
import type { ServiceClient } from '../http/client';
import { ServiceError } from '../http/errors';
import {
  FEEDBACK_IMAGE_PATH,
  feedbackDeleteSchema,
  feedbackDeviceSchema,
  feedbackPageSchema,
  feedbackRowSchema,
  type FeedbackChange,
  type FeedbackDevice,
  type FeedbackRow,
  type FeedbackType,
  type NewFeedback,
} from './schemas';

/** Feedback calls (core §7 /feedback; docs/areas/feedback.md). Every answer is validated. */

export interface FeedbackPage {
  rows: FeedbackRow[];
  totalPage: number;
}

export interface FeedbackApi {
  list(query: { type: FeedbackType; page: number; pageSize: number }, signal?: AbortSignal): Promise<FeedbackPage>;
  one(type: FeedbackType, id: number, signal?: AbortSignal): Promise<FeedbackRow>;
  create(body: NewFeedback, signal?: AbortSignal): Promise<FeedbackRow>;
  update(body: FeedbackChange, signal?: AbortSignal): Promise<FeedbackRow>;
  remove(id: number, signal?: AbortSignal): Promise<void>;
  /** An image of a feedback, fetched with the session (the address needs it). */
  image(url: string, signal?: AbortSignal): Promise<Blob>;
  /** The merchant's card machines for the serial dropdown (GET /metadata/edc, every page). */
  devices(signal?: AbortSignal): Promise<FeedbackDevice[]>;
}

/** GET /metadata/edc serves at most 100 a page; a merchant's machines rarely need a second. */
const DEVICE_PAGE_SIZE = 100;
/** A bound on the pages read, so a service that always says "more" cannot hold the form. */
const DEVICE_MAX_PAGES = 50;

const invalid = (name: string, why: string) =>
  new ServiceError({ code: 'INVALID_RESPONSE', status: 200, kind: 'invalid-response', message: `${name}: ${why}` });

/** A Blob as a data: URL (base64), for the JSON update. */
async function dataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

export function createFeedbackApi(client: ServiceClient): FeedbackApi {
  return {
    async list({ type, page, pageSize }, signal) {
      const data = await client.data({
        name: 'feedback.list',
        path: '/feedback',
        query: { type, page, page_size: pageSize },
        schema: feedbackPageSchema,
        signal,
      });
      return { rows: data.items, totalPage: data.total_page };
    },

    one(type, id, signal) {
      return client.data({ name: 'feedback.one', path: '/feedback', query: { type, id }, schema: feedbackRowSchema, signal });
    },

    create(body, signal) {
      const form = new FormData();
      form.append('type', body.type);
      form.append('store_id', String(body.store_id));
      if (body.content !== null) form.append('content', body.content);
      form.append('description', body.description);
      if (body.serial_number !== null) form.append('serial_number', body.serial_number);
      body.images.forEach((image, i) => form.append('images', image, (image as File).name || `image-${i + 1}`));
      return client.data({ name: 'feedback.create', method: 'POST', path: '/feedback', body: form, schema: feedbackRowSchema, signal });
    },

    async update(body, signal) {
      const images = await Promise.all(body.images.map(dataUrl));
      return client.data({
        name: 'feedback.update',
        method: 'PUT',
        path: '/feedback',
        body: { ...body, images },
        schema: feedbackRowSchema,
        signal,
      });
    },

    async remove(id, signal) {
      await client.data({
        name: 'feedback.delete',
        method: 'DELETE',
        path: '/feedback',
        query: { id },
        schema: feedbackDeleteSchema,
        signal,
      });
    },

    async image(url, signal) {
      const match = typeof url === 'string' ? FEEDBACK_IMAGE_PATH.exec(url.split('?')[0] ?? '') : null;
      if (!match?.[1]) throw invalid('feedback.image', 'not a feedback image address');
      const res = await client.raw({ name: 'feedback.image', path: match[1], accept: 'image/png,image/jpeg', signal });
      const type = res.headers.get('content-type') ?? '';
      if (type !== 'image/png' && type !== 'image/jpeg') {
        res.release();
        throw invalid('feedback.image', 'not a PNG or JPEG');
      }
      return new Blob([await readBlob('feedback.image', res)], { type });
    },

    async devices(signal) {
      const all: FeedbackDevice[] = [];
      for (let page = 1; page <= DEVICE_MAX_PAGES; page += 1) {
        const answer = await client.list({
          name: 'feedback.devices',
          path: '/metadata/edc',
          query: { page, page_size: DEVICE_PAGE_SIZE },
          schema: z.array(feedbackDeviceSchema),
          signal,
        });
        all.push(...answer.data);
        if (page >= answer.total_page) break;
      }
      return all;
    },
  };
}
