import { z } from '../../config/zod-classic';

/**
 * Feedback (core §3 Feedback, §5 rules, §7 /feedback; docs/areas/feedback.md). The sandbox imports the
 * constants below, so the portal and the stand-in service agree on one set of values.
 */

export const FEEDBACK_TYPES = ['CHECK', 'EDC', 'OTHER'] as const;
export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export type FeedbackType = z.infer<typeof feedbackTypeSchema>;

/** core §3 content options per type; type OTHER has none (core §5: no content for it). */
export const FEEDBACK_CONTENT = {
  CHECK: ['SETTLE_ERROR', 'TRANSACTION_ERROR', 'LOSS', 'OTHER'],
  EDC: ['PIN', 'CONNECT', 'CARD', 'OTHER'],
  OTHER: [],
} as const satisfies Record<FeedbackType, readonly string[]>;
export type FeedbackContent = (typeof FEEDBACK_CONTENT)[FeedbackType][number];

/** core §5, §9: each image at most 102,400 bytes. */
export const FEEDBACK_IMAGE_MAX_BYTES = 102_400;
/** D90: at most five images on one feedback (kept and new together). */
export const FEEDBACK_MAX_IMAGES = 5;
/** D90: the description's longest accepted length, in characters. */
export const FEEDBACK_DESCRIPTION_MAX = 1000;

/** core §5: content is asked for every type but OTHER; the card machine for every type but CHECK. */
export const needsContent = (type: FeedbackType) => type !== 'OTHER';
export const needsSerial = (type: FeedbackType) => type !== 'CHECK';

/** Where the service serves an image (needs the session): the path under the portal service. */
export const FEEDBACK_IMAGE_PATH = /^(?:.*)?(\/feedback\/image\/\d{1,10})$/;

export const feedbackRowSchema = z.object({
  id: z.number().int().positive(),
  type: feedbackTypeSchema,
  store_id: z.number().int().nullable(),
  store_name: z.string(),
  // A content the portal does not know yet is shown as sent, not refused.
  content: z.string().max(64).nullable(),
  description: z.string(),
  serial_number: z.string().max(64).nullable(),
  images: z.array(z.string().regex(FEEDBACK_IMAGE_PATH)).max(FEEDBACK_MAX_IMAGES),
  created_at: z.string().min(1),
  updated_at: z.string().min(1),
});
export type FeedbackRow = z.infer<typeof feedbackRowSchema>;

/** GET /feedback?type=&page=&page_size=: the rows in data.items, paging beside them (D91). */
export const feedbackPageSchema = z.object({
  items: z.array(feedbackRowSchema),
  total_page: z.number().int().nonnegative(),
  page: z.number().int().positive().optional(),
  page_size: z.number().int().positive().optional(),
});

export const feedbackDeleteSchema = z.object({ success: z.literal(true) }).loose();

/** GET /metadata/edc rows as the form offers them: only what the serial dropdown shows. */
export const feedbackDeviceSchema = z
  .object({
    serial_number: z.string().min(1),
    type_edc: z.number().int(),
    store_id: z.number().int().nullable(),
    store_name: z.string().nullable(),
  })
  .loose();
export type FeedbackDevice = z.infer<typeof feedbackDeviceSchema>;

/** What the form sends: create as multipart form data, update as JSON (core §7, D91). */
export interface FeedbackDraft {
  type: FeedbackType;
  store_id: number;
  content: string | null;
  description: string;
  serial_number: string | null;
}
export interface NewFeedback extends FeedbackDraft {
  /** The picked files, already checked (kind by content, size). */
  images: Blob[];
}
export interface FeedbackChange extends FeedbackDraft {
  id: number;
  /** The image addresses the user kept; the service drops the others. */
  old_images: string[];
  /** New files; the client sends them as base64 data: URLs in the JSON body. */
  images: Blob[];
}

/** What the form needs before it can be filled in. */
export interface FeedbackFormData {
  devices: FeedbackDevice[];
  /** The feedback being edited; null when creating. */
  feedback: FeedbackRow | null;
}

/** What the form machine saves: a new feedback, or a change of an existing one. */
export type FeedbackSave = { kind: 'create'; body: NewFeedback } | { kind: 'update'; body: FeedbackChange };

/** Why a picked file is not added (core §5's messages: wrong format, too large). */
export type ImageProblem = 'format' | 'size';

export interface InspectedImage {
  file: Blob;
  /** The file's name as picked (shown beside a refusal). */
  name: string;
  problem: ImageProblem | null;
}
