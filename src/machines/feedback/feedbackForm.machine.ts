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
import { FEEDBACK_MAX_IMAGES, needsContent, needsSerial } from '../../services/feedback/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { EMPTY_FEEDBACK_FORM, hasErrors, validateFeedbackForm, type FeedbackFieldErrors, type FeedbackForm } from './rules/feedbackForm';

/**
 * /feedback/create/{tab} and /feedback/update/{tab}/{id} (core §2, §4, §5 Feedback). The type is the
 * tab's and does not change. Picked images are checked in the browser first (kind by their first
 * bytes, at most 102,400 bytes, at most five in all): a refused file is not added and its message shows
 * at once, before anything is uploaded. Field messages show after the first submit and follow every
 * change. While saving, the form is read-only and SUBMIT is not handled (core §4); a refusal returns
 * to the form with everything kept (the images too) and a toast titled per core §8.
 */

export type FormImage = { key: string; kind: 'kept'; url: string } | { key: string; kind: 'new'; file: Blob; name: string };

export interface RefusedImage {
  name: string;
  problem: ImageProblem | 'count';
}

export interface FeedbackFormContext {
  type: FeedbackType;
  /** The feedback being edited; null when creating. */
  id: number | null;
  form: FeedbackForm;
  errors: FeedbackFieldErrors;
  showErrors: boolean;
  images: FormImage[];
  /** The files of the last pick that were not added, and why (shown until the next pick or removal). */
  refused: RefusedImage[];
  /** Files picked and being checked. */
  pending: Blob[];
  nextKey: number;
  devices: FeedbackDevice[];
  loadError: string | null;
  submitError: string | null;
  saved: FeedbackRow | null;
}

export type FeedbackFormEvent =
  | { type: 'STORE.SET'; id: string | null; name: string | null }
  | { type: 'CONTENT.SET'; value: string | null }
  | { type: 'DESCRIPTION.CHANGE'; value: string }
  | { type: 'SERIAL.SET'; value: string | null }
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
  const { type, form } = context;
  const draft = {
    type,
    store_id: Number(form.storeId),
    content: needsContent(type) ? form.content : null,
    description: form.description.trim(),
    serial_number: needsSerial(type) ? form.serialNumber : null,
  };
  const files = context.images.flatMap((image) => (image.kind === 'new' ? [image.file] : []));
  if (context.id === null) return { kind: 'create', body: { ...draft, images: files } };
  const kept = context.images.flatMap((image) => (image.kind === 'kept' ? [image.url] : []));
  return { kind: 'update', body: { ...draft, id: context.id, old_images: kept, images: files } };
}

const validate = (context: Pick<FeedbackFormContext, 'type' | 'form'>, form: FeedbackForm, imageCount: number) =>
  validateFeedbackForm(context.type, form, imageCount);

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
      const form: FeedbackForm = existing
        ? {
            storeId: existing.store_id === null ? null : String(existing.store_id),
            storeName: existing.store_id === null ? null : existing.store_name,
            content: existing.content,
            description: existing.description,
            serialNumber: existing.serial_number,
          }
        : context.form;
      const images: FormImage[] = existing ? existing.images.map((url, i) => ({ key: `kept-${i}`, kind: 'kept' as const, url })) : [];
      return { devices: params.data.devices, form, images, loadError: null, errors: validate(context, form, images.length) };
    }),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    setForm: assign(({ context }, params: { patch: Partial<FeedbackForm> }) => {
      const form = { ...context.form, ...params.patch };
      return { form, errors: validate(context, form, context.images.length) };
    }),
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
      return { images, refused, nextKey, pending: [], errors: validate(context, context.form, images.length) };
    }),
    refuseUnread: assign(({ context }) => ({
      refused: context.pending.map((file) => ({ name: (file as File).name ?? '', problem: 'format' as const })),
      pending: [],
    })),
    removeImage: assign(({ context }, params: { key: string }) => {
      const images = context.images.filter((image) => image.key !== params.key);
      return { images, refused: [], errors: validate(context, context.form, images.length) };
    }),
    revealErrors: assign({ showErrors: true }),
    clearSubmitError: assign({ submitError: null }),
    assignSubmitError: assign((_, params: { error: unknown }) => ({ submitError: errorCode(params.error) })),
    assignSaved: assign((_, params: { row: FeedbackRow }) => ({ saved: params.row })),
    /** The app shows the toasts (core §8 titles); the defaults do nothing. */
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    formValid: ({ context }) => !hasErrors(validate(context, context.form, context.images.length)),
    hasFiles: (_, params: { files: unknown }) => Array.isArray(params.files) && params.files.length > 0,
    imageListed: ({ context }, params: { key: string }) => context.images.some((image) => image.key === params.key),
  },
}).createMachine({
  id: 'feedbackForm',
  context: ({ input }) => ({
    type: input.type,
    id: input.id,
    form: EMPTY_FEEDBACK_FORM,
    errors: validateFeedbackForm(input.type, EMPTY_FEEDBACK_FORM, 0),
    showErrors: false,
    images: [],
    refused: [],
    pending: [],
    nextKey: 1,
    devices: [],
    loadError: null,
    submitError: null,
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
        'STORE.SET': {
          actions: { type: 'setForm', params: ({ event }) => ({ patch: { storeId: event.id, storeName: event.id ? event.name : null } }) },
        },
        'CONTENT.SET': { actions: { type: 'setForm', params: ({ event }) => ({ patch: { content: event.value } }) } },
        'DESCRIPTION.CHANGE': { actions: { type: 'setForm', params: ({ event }) => ({ patch: { description: event.value } }) } },
        'SERIAL.SET': { actions: { type: 'setForm', params: ({ event }) => ({ patch: { serialNumber: event.value } }) } },
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
          { description: 'Each missing or wrong field shows its message; nothing is sent.', actions: 'revealErrors' },
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
      entry: ['revealErrors', 'clearSubmitError'],
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
