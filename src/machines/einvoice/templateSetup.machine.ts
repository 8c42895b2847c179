import { assign, fromPromise, setup } from 'xstate';
import type { SavedTemplate, TemplateSave } from '../../services/einvoice/template/api';
import type { CheckedTemplateLogo } from '../../services/einvoice/template/logo';
import { notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';
import { isTemplateType, templateNameProblem, type TemplateFilter, type TemplateType } from './template/rules';

/**
 * /e-inv-template (doc 2 §2, §5 template logo, §9; D201): the static gallery filtered by type (all,
 * sale, gtgt, export, service, electronic); choosing a template opens the setup form (template name,
 * type, logo: PDF, PNG or JPEG of at most 5 MB, checked from the file's bytes). The saved template is
 * loaded first and marked in the gallery; choosing it opens the form with what was saved. A checked
 * form is saved on the product backend (D255, which replaces D201's "nothing is saved")
 * and ends in a summary with the way to the provider, which registers the template for its invoices.
 * A failed save returns to the form with everything typed and the reason. The name and the type are
 * the shared form (../shared/form/form.ts, D283): problems show after Submit, the save's reason stays
 * while typing until the next Submit, as before. The logo keeps its own events (a file to check).
 */

export interface TemplateLogo {
  file: Blob;
  name: string;
  size: number;
  kind: NonNullable<CheckedTemplateLogo['kind']>;
}

/** The typed fields of the setup form. */
export interface TemplateValues {
  name: string;
  type: TemplateType | null;
}

export type TemplateField = keyof TemplateValues;
export type TemplateProblem = 'required' | 'tooLong';

export const templateFormKit = defineForm<TemplateValues, TemplateField, TemplateProblem>({
  rules: {
    name: (name) => templateNameProblem(name),
    type: (type) => (type === null ? 'required' : null),
  },
  keepSaveErrorWhileTyping: true,
});

const EMPTY_TEMPLATE: TemplateValues = { name: '', type: null };

/** The logo already saved on the backend, kept by the form until it is replaced or removed. */
export type SavedLogo = NonNullable<SavedTemplate['logo']>;

export interface TemplateSetupContext {
  filter: TemplateFilter;
  /** The template saved on the backend (null: none yet, or it could not be loaded). */
  saved: SavedTemplate | null;
  /** The saved template could not be loaded: the gallery says so and offers a retry. */
  loadFailed: boolean;
  /** The saved logo the form keeps (no new logo chosen and not removed). */
  savedLogo: SavedLogo | null;
  templateId: string | null;
  /** The name and type; the last save's refusal or failure code in `form.saveError`. */
  form: FormState<TemplateValues>;
  logo: TemplateLogo | null;
  /** The last picked file's refusal: 'format', 'size' or 'read' (it could not be read). */
  logoProblem: 'format' | 'size' | 'read' | null;
  /** The name of the last refused file, said beside the refusal. */
  refusedName: string | null;
  /** The file being checked. */
  pendingFile: Blob | null;
}

export type TemplateSetupEvent =
  | { type: 'FILTER.SET'; filter: TemplateFilter }
  | { type: 'SELECT'; templateId: string; templateType: TemplateType }
  | FormFieldEvent<TemplateValues>
  | { type: 'LOGO.PICK'; file: Blob }
  | { type: 'LOGO.CLEAR' }
  | { type: 'SUBMIT' }
  | { type: 'EDIT' }
  | { type: 'BACK' }
  | { type: 'RETRY' };

const blankForm = {
  templateId: null,
  savedLogo: null,
  form: templateFormKit.initial(EMPTY_TEMPLATE),
  logo: null,
  logoProblem: null,
  refusedName: null,
  pendingFile: null,
} as const;

const typeOf = (value: unknown): TemplateType | null => (isTemplateType(value) ? value : null);

export const templateSetupMachine = setup({
  types: {
    context: {} as TemplateSetupContext,
    events: {} as TemplateSetupEvent,
    tags: {} as 'gallery' | 'form' | 'busy' | 'ready' | 'saving',
  },
  actors: {
    checkLogo: fromPromise<CheckedTemplateLogo, { file: Blob }>(async () => {
      throw notProvided('checkLogo');
    }),
    loadTemplate: fromPromise<SavedTemplate | null, void>(async () => {
      throw notProvided('loadTemplate');
    }),
    saveTemplate: fromPromise<SavedTemplate, TemplateSave>(async () => {
      throw notProvided('saveTemplate');
    }),
  },
  actions: {
    assignFilter: assign((_, params: { filter: TemplateFilter }) => ({ filter: params.filter })),
    // The saved template reopens with what was saved; any other starts blank with its own type.
    openTemplate: assign(({ context }, params: { templateId: string; type: TemplateType }) =>
      context.saved !== null && context.saved.templateId === params.templateId
        ? {
            ...blankForm,
            templateId: params.templateId,
            form: templateFormKit.initial({ name: context.saved.name, type: typeOf(context.saved.type) }),
            savedLogo: context.saved.logo,
          }
        : { ...blankForm, templateId: params.templateId, form: templateFormKit.initial({ name: '', type: params.type }) },
    ),
    assignSaved: assign((_, params: { saved: SavedTemplate | null }) => ({ saved: params.saved, loadFailed: false })),
    markLoadFailed: assign({ loadFailed: true }),
    // Saved: the form now holds what the backend holds; the next save keeps the logo unless it changes.
    assignSavedForm: assign((_, params: { saved: SavedTemplate }) => ({
      saved: params.saved,
      form: templateFormKit.initial({ name: params.saved.name, type: typeOf(params.saved.type) }),
      logo: null,
      savedLogo: params.saved.logo,
    })),
    assignSaveError: assign(({ context }, params: { error: unknown }) => ({ form: templateFormKit.failed(context.form, params.error) })),
    // Not kit.saving: a save leaves the problems hidden until the next refused Submit, as before.
    clearSaveError: assign(({ context }) => ({ form: { ...context.form, saveError: null } })),
    resetForm: assign({ ...blankForm }),
    // A type that is not one of the gallery's (the select's placeholder) is no type.
    changeField: assign(({ context }, params: { event: Extract<TemplateSetupEvent, { type: 'FIELD.CHANGE' }> }) => ({
      form:
        params.event.field === 'type'
          ? templateFormKit.change(context.form, 'type', typeOf(params.event.value))
          : templateFormKit.change(context.form, 'name', params.event.value),
    })),
    blurField: assign(({ context }, params: { field: TemplateField }) => ({ form: templateFormKit.blur(context.form, params.field) })),
    assignPending: assign((_, params: { file: Blob }) => ({ pendingFile: params.file })),
    assignLogo: assign(({ context }, params: { checked: CheckedTemplateLogo }) => ({
      logo: { file: context.pendingFile ?? new Blob(), name: params.checked.name, size: params.checked.size, kind: params.checked.kind! },
      logoProblem: null,
      refusedName: null,
      pendingFile: null,
    })),
    // A refused file never replaces the logo already chosen: nothing picked before is lost.
    refuseLogo: assign((_, params: { problem: 'format' | 'size' | 'read'; name: string | null }) => ({
      logoProblem: params.problem,
      refusedName: params.name,
      pendingFile: null,
    })),
    clearLogo: assign({ logo: null, savedLogo: null, logoProblem: null, refusedName: null }),
    refuse: assign(({ context }) => ({ form: templateFormKit.refuse(context.form) })),
  },
  guards: {
    logoAccepted: (_, params: { checked: CheckedTemplateLogo }) => params.checked.problem === null && params.checked.kind !== null,
    formValid: ({ context }) => templateFormKit.valid(context.form.values),
  },
}).createMachine({
  id: 'templateSetup',
  context: { filter: 'all', saved: null, loadFailed: false, ...blankForm },
  initial: 'loading',
  states: {
    loading: {
      tags: ['gallery', 'busy'],
      description: 'The saved template, if any (D255), so the gallery can mark it and reopen it.',
      invoke: {
        id: 'loadTemplate',
        src: 'loadTemplate',
        onDone: { target: 'gallery', actions: { type: 'assignSaved', params: ({ event }) => ({ saved: event.output }) } },
        onError: { target: 'gallery', actions: 'markLoadFailed' },
      },
    },
    gallery: {
      tags: ['gallery'],
      description: 'The static gallery, filtered by type; the saved template marked.',
      on: {
        RETRY: { guard: ({ context }) => context.loadFailed, target: 'loading' },
        'FILTER.SET': { actions: { type: 'assignFilter', params: ({ event }) => ({ filter: event.filter }) } },
        SELECT: {
          target: 'form',
          actions: { type: 'openTemplate', params: ({ event }) => ({ templateId: event.templateId, type: event.templateType }) },
        },
      },
    },
    form: {
      tags: ['form'],
      description: 'Template name, type and logo; every problem said beside its field, nothing typed lost.',
      initial: 'editing',
      on: {
        BACK: { target: 'gallery', actions: 'resetForm' },
      },
      states: {
        editing: {
          on: {
            'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
            'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
            'LOGO.PICK': { target: 'checkingLogo', actions: { type: 'assignPending', params: ({ event }) => ({ file: event.file }) } },
            'LOGO.CLEAR': { actions: 'clearLogo' },
            SUBMIT: [{ guard: 'formValid', target: 'saving', actions: 'clearSaveError' }, { actions: 'refuse' }],
          },
        },
        saving: {
          tags: ['busy', 'saving'],
          description: 'The template saved on the backend (D255): the new logo, or the saved one kept.',
          invoke: {
            id: 'saveTemplate',
            src: 'saveTemplate',
            input: ({ context }) => ({
              templateId: context.templateId ?? '',
              name: context.form.values.name,
              type: context.form.values.type ?? 'gtgt',
              logo: context.logo === null ? null : { file: context.logo.file, name: context.logo.name },
              keepLogo: context.logo === null && context.savedLogo !== null,
            }),
            onDone: {
              target: '#templateSetup.ready',
              actions: { type: 'assignSavedForm', params: ({ event }) => ({ saved: event.output }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        checkingLogo: {
          tags: ['busy'],
          description: 'The picked file’s size, then its kind from its first bytes.',
          invoke: {
            id: 'checkLogo',
            src: 'checkLogo',
            input: ({ context }) => ({ file: context.pendingFile ?? new Blob() }),
            onDone: [
              {
                guard: { type: 'logoAccepted', params: ({ event }) => ({ checked: event.output }) },
                target: 'editing',
                actions: { type: 'assignLogo', params: ({ event }) => ({ checked: event.output }) },
              },
              {
                target: 'editing',
                actions: {
                  type: 'refuseLogo',
                  params: ({ event }) => ({ problem: event.output.problem ?? 'format', name: event.output.name }),
                },
              },
            ],
            onError: {
              target: 'editing',
              actions: { type: 'refuseLogo', params: { problem: 'read', name: null } },
            },
          },
        },
      },
    },
    ready: {
      tags: ['ready'],
      description: 'The saved template: a summary and the way to the provider, which registers templates (D255).',
      on: {
        EDIT: { target: 'form' },
        BACK: { target: 'gallery', actions: 'resetForm' },
      },
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: TemplateSetupContext };
export const selectTemplateFilter = (s: Snapshot) => s.context.filter;
export const selectTemplateInGallery = (s: Snapshot) => s.hasTag('gallery');
export const selectTemplateInForm = (s: Snapshot) => s.hasTag('form');
export const selectTemplateBusy = (s: Snapshot) => s.hasTag('busy');
export const selectTemplateReady = (s: Snapshot) => s.hasTag('ready');
export const selectTemplateForm = (s: Snapshot) => s.context;
export const selectTemplateValues = (s: Snapshot) => s.context.form.values;
export const selectTemplateSaving = (s: Snapshot) => s.hasTag('saving');
export const selectSavedTemplateId = (s: Snapshot) => s.context.saved?.templateId ?? null;
