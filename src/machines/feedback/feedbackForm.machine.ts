import { assign, fromPromise, setup } from 'xstate';
import type {
  FeedbackDevice,
  FeedbackFormData,
  FeedbackRow,
  FeedbackSave,
  FeedbackType,
  ImageProblem,
  InspectedImage,
} from '../../services/feedback/schemas';
import { FEEDBACK_MAX_IMAGES, FEEDBACK_TYPES, needsContent, needsSerial } from '../../services/feedback/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormKit, type FormState } from '../shared/form/form';
import {
  EMPTY_FEEDBACK_FORM,
  FEEDBACK_FIELDS,
  validateFeedbackFields,
  type FeedbackForm,
  type FeedbackTextField,
  type FieldError,
} from './rules/feedbackForm';

/**
 * /feedback/create/{tab} and /feedback/update/{tab}/{id} (core §2, §4, §5 Feedback). The type is the
 * tab's and does not change. Picked images are checked in the browser first (kind by their first
 * bytes, at most 102,400 bytes, at most five in all): a refused file is not added and its message shows
 * at once, before anything is uploaded. Field messages show after the first submit and follow every
 * change. While saving, the form is read-only and SUBMIT is not handled (core §4); a refusal returns
 * to the form with everything kept (the images too) and a toast titled per core §8. The typed fields
 * are the shared form (../shared/form/form.ts, D283), one kit per type (content and terminal are asked
 * only where the type has them); the refusal stays until the next submit. The images are not a typed
 * field: they keep their own events and the machine says when none is there.
 */

type FeedbackKit = FormKit<FeedbackForm, FeedbackTextField, FieldError>;

const kitFor = (type: FeedbackType): FeedbackKit =>
  defineForm<FeedbackForm, FeedbackTextField, FieldError>({
    fields: FEEDBACK_FIELDS,
    validate: (values) => validateFeedbackFields(type, values),
    keepSaveErrorWhileTyping: true,
  });
const KITS = Object.fromEntries(FEEDBACK_TYPES.map((type) => [type, kitFor(type)])) as Record<FeedbackType, FeedbackKit>;

/** The typed fields of a type's form (core §5 Feedback: no content for OTHER, no terminal for CHECK). */
export const feedbackFormKit = (type: FeedbackType): FeedbackKit => KITS[type];

/** Save pressed with no image: the images say so once the form shows its problems. */
export const imagesMissing = (c: Pick<FeedbackFormContext, 'form' | 'images'>) => c.form.showErrors && c.images.length === 0;

/** Every typed field valid and at least one image. */
export const feedbackFormValid = (c: Pick<FeedbackFormContext, 'type' | 'form' | 'images'>) =>
  feedbackFormKit(c.type).valid(c.form.values) && c.images.length > 0;

export type FormImage = { key: string; kind: 'kept'; url: string } | { key: string; kind: 'new'; file: Blob; name: string };

export interface RefusedImage {
  name: string;
  problem: ImageProblem | 'count';
}

export interface FeedbackFormContext {
  type: FeedbackType;
  /** The feedback being edited; null when creating. */
  id: number | null;
  /** The typed fields; what was typed stays through a refused save (its code in `form.saveError`). */
  form: FormState<FeedbackForm, FeedbackTextField>;
  images: FormImage[];
  /** The files of the last pick that were not added, and why (shown until the next pick or removal). */
  refused: RefusedImage[];
  /** Files picked and being checked. */
  pending: Blob[];
  nextKey: number;
  devices: FeedbackDevice[];
  loadError: string | null;
  saved: FeedbackRow | null;
}

export type FeedbackFormEvent =
  | FormFieldEvent<FeedbackForm>
  | { type: 'IMAGES.ADD'; files: Blob[] }
  | { type: 'IMAGE.REMOVE'; key: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export interface FeedbackFormInput {
  type: FeedbackType;
  id: number | null;
}

/** What is sent: the fields the type uses, kept image addresses and new files (core §7, D91). */
export function saveRequest(context: FeedbackFormContext): FeedbackSave {
  const { type } = context;
  const form = context.form.values;
  const draft = {
    type,
    store_id: Number(form.store),
    content: needsContent(type) ? form.content : null,
    description: form.description.trim(),
    serial_number: needsSerial(type) ? form.serial : null,
  };
  const files = context.images.flatMap((image) => (image.kind === 'new' ? [image.file] : []));
  if (context.id === null) return { kind: 'create', body: { ...draft, images: files } };
  const kept = context.images.flatMap((image) => (image.kind === 'kept' ? [image.url] : []));
  return { kind: 'update', body: { ...draft, id: context.id, old_images: kept, images: files } };
}

export const feedbackFormMachine = setup({
  types: {
    context: {} as FeedbackFormContext,
    events: {} as FeedbackFormEvent,
    input: {} as FeedbackFormInput,
    output: {} as { saved: FeedbackRow | null },
    tags: {} as 'loading' | 'busy' | 'checking',
  },
  actors: {
    loadFormData: fromPromise<FeedbackFormData, FeedbackFormInput>(async () => {
      throw notProvided('loadFormData');
    }),
    inspectImages: fromPromise<InspectedImage[], { files: Blob[] }>(async () => {
      throw notProvided('inspectImages');
    }),
    saveFeedback: fromPromise<FeedbackRow, FeedbackSave>(async () => {
      throw notProvided('saveFeedback');
    }),
  },
  actions: {
    assignFormData: assign(({ context }, params: { data: FeedbackFormData }) => {
      const existing = params.data.feedback;
      const form = existing
        ? feedbackFormKit(context.type).load(context.form, {
            store: existing.store_id === null ? null : String(existing.store_id),
            content: existing.content,
            serial: existing.serial_number,
            description: existing.description,
          })
        : context.form;
      const images: FormImage[] = existing ? existing.images.map((url, i) => ({ key: `kept-${i}`, kind: 'kept' as const, url })) : [];
      return { devices: params.data.devices, form, images, loadError: null };
    }),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    changeField: assign(({ context }, params: { event: Extract<FeedbackFormEvent, { type: 'FIELD.CHANGE' }> }) => ({
      form: feedbackFormKit(context.type).change(context.form, params.event.field, params.event.value),
    })),
    blurField: assign(({ context }, params: { field: FeedbackTextField }) => ({
      form: feedbackFormKit(context.type).blur(context.form, params.field),
    })),
    holdFiles: assign((_, params: { files: Blob[] }) => ({ pending: params.files })),
    /** Checked files join in order while there is room; the rest are refused with their reason. */
    addInspected: assign(({ context }, params: { inspected: InspectedImage[] }) => {
      const images = [...context.images];
      const refused: RefusedImage[] = [];
      let nextKey = context.nextKey;
      for (const item of params.inspected) {
        if (item.problem) refused.push({ name: item.name, problem: item.problem });
        else if (images.length >= FEEDBACK_MAX_IMAGES) refused.push({ name: item.name, problem: 'count' });
        else images.push({ key: `new-${nextKey++}`, kind: 'new', file: item.file, name: item.name });
      }
      return { images, refused, nextKey, pending: [] };
    }),
    refuseUnread: assign(({ context }) => ({
      refused: context.pending.map((file) => ({ name: (file as File).name ?? '', problem: 'format' as const })),
      pending: [],
    })),
    removeImage: assign(({ context }, params: { key: string }) => {
      const images = context.images.filter((image) => image.key !== params.key);
      return { images, refused: [] };
    }),
    refuse: assign(({ context }) => ({ form: feedbackFormKit(context.type).refuse(context.form) })),
    startSaving: assign(({ context }) => ({ form: feedbackFormKit(context.type).saving(context.form) })),
    assignSubmitError: assign(({ context }, params: { error: unknown }) => ({
      form: feedbackFormKit(context.type).failed(context.form, params.error),
    })),
    assignSaved: assign((_, params: { row: FeedbackRow }) => ({ saved: params.row })),
    /** The app shows the toasts (core §8 titles); the defaults do nothing. */
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    formValid: ({ context }) => feedbackFormValid(context),
    hasFiles: (_, params: { files: unknown }) => Array.isArray(params.files) && params.files.length > 0,
    imageListed: ({ context }, params: { key: string }) => context.images.some((image) => image.key === params.key),
  },
}).createMachine({
  id: 'feedbackForm',
  context: ({ input }) => ({
    type: input.type,
    id: input.id,
    form: feedbackFormKit(input.type).initial(EMPTY_FEEDBACK_FORM),
    images: [],
    refused: [],
    pending: [],
    nextKey: 1,
    devices: [],
    loadError: null,
    saved: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'The card machines (GET /metadata/edc) and, when editing, the feedback (GET /feedback?type=&id=).',
      invoke: {
        id: 'loadFormData',
        src: 'loadFormData',
        input: ({ context }) => ({ type: context.type, id: context.id }),
        onDone: { target: 'editing', actions: { type: 'assignFormData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The mapped error (a report gone or of another merchant: not found), a retry and back.',
      on: { RETRY: 'loading', CANCEL: 'cancelled' },
    },
    editing: {
      description: 'The form. Refused images show their message at once; field messages after the first submit.',
      on: {
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        'IMAGES.ADD': {
          guard: { type: 'hasFiles', params: ({ event }) => ({ files: event.files }) },
          target: 'checkingImages',
          actions: { type: 'holdFiles', params: ({ event }) => ({ files: event.files }) },
        },
        'IMAGE.REMOVE': {
          guard: { type: 'imageListed', params: ({ event }) => ({ key: event.key }) },
          actions: { type: 'removeImage', params: ({ event }) => ({ key: event.key }) },
        },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting' },
          { description: 'Each missing or wrong field shows its message; nothing is sent.', actions: 'refuse' },
        ],
        CANCEL: 'cancelled',
      },
    },
    checkingImages: {
      tags: ['checking'],
      description: "Each picked file's size and first bytes; nothing is uploaded.",
      invoke: {
        id: 'inspectImages',
        src: 'inspectImages',
        input: ({ context }) => ({ files: context.pending }),
        onDone: { target: 'editing', actions: { type: 'addInspected', params: ({ event }) => ({ inspected: event.output }) } },
        onError: {
          target: 'editing',
          description: 'A file that cannot be read is not an image the form can send.',
          actions: 'refuseUnread',
        },
      },
    },
    submitting: {
      tags: ['busy'],
      description: 'POST /feedback (multipart) or PUT /feedback (JSON); the form is read-only and SUBMIT is not handled.',
      entry: 'startSaving',
      invoke: {
        id: 'saveFeedback',
        src: 'saveFeedback',
        input: ({ context }) => saveRequest(context),
        onDone: { target: 'saved', actions: [{ type: 'assignSaved', params: ({ event }) => ({ row: event.output }) }, 'notifySaved'] },
        onError: {
          description: 'Back to the form with every value and image kept, the mapped message and a failure toast.',
          target: 'editing',
          actions: [
            { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifySaveFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
          ],
        },
      },
    },
    saved: { type: 'final', description: 'Back to the list of its type with a success toast.' },
    cancelled: { type: 'final', description: 'Back to the list, nothing saved.' },
  },
  output: ({ context }) => ({ saved: context.saved }),
});
