import { assign, fromPromise, setup } from 'xstate';
import type { CheckedTemplateLogo } from '../../services/einvoice/template/logo';
import { notProvided } from '../shared/serviceError';
import { isTemplateType, templateNameProblem, type TemplateFilter, type TemplateType } from './template/rules';

/**
 * /e-inv-template (doc 2 §2, §5 template logo, §9; D201): the static gallery filtered by type (all,
 * sale, gtgt, export, service, electronic); choosing a template opens the setup form (template name,
 * type, logo: PDF, PNG or JPEG of at most 5 MB, checked from the file's bytes). A checked form ends in
 * a summary with the way to the provider, which registers templates (no product or provider call for
 * templates exists, so nothing is claimed as saved).
 */

export interface TemplateLogo {
  file: Blob;
  name: string;
  size: number;
  kind: NonNullable<CheckedTemplateLogo['kind']>;
}

export interface TemplateSetupContext {
  filter: TemplateFilter;
  templateId: string | null;
  name: string;
  type: TemplateType | null;
  logo: TemplateLogo | null;
  /** The last picked file's refusal: 'format', 'size' or 'read' (it could not be read). */
  logoProblem: 'format' | 'size' | 'read' | null;
  /** The name of the last refused file, said beside the refusal. */
  refusedName: string | null;
  /** A submit found a problem: show every field's. */
  showErrors: boolean;
  /** The file being checked. */
  pendingFile: Blob | null;
}

export type TemplateSetupEvent =
  | { type: 'FILTER.SET'; filter: TemplateFilter }
  | { type: 'SELECT'; templateId: string; templateType: TemplateType }
  | { type: 'NAME.CHANGE'; value: string }
  | { type: 'TYPE.CHANGE'; value: string }
  | { type: 'LOGO.PICK'; file: Blob }
  | { type: 'LOGO.CLEAR' }
  | { type: 'SUBMIT' }
  | { type: 'EDIT' }
  | { type: 'BACK' };

const blankForm = {
  templateId: null,
  name: '',
  type: null,
  logo: null,
  logoProblem: null,
  refusedName: null,
  showErrors: false,
  pendingFile: null,
} as const;

export const templateSetupMachine = setup({
  types: {
    context: {} as TemplateSetupContext,
    events: {} as TemplateSetupEvent,
    tags: {} as 'gallery' | 'form' | 'busy' | 'ready',
  },
  actors: {
    checkLogo: fromPromise<CheckedTemplateLogo, { file: Blob }>(async () => {
      throw notProvided('checkLogo');
    }),
  },
  actions: {
    assignFilter: assign((_, params: { filter: TemplateFilter }) => ({ filter: params.filter })),
    openTemplate: assign((_, params: { templateId: string; type: TemplateType }) => ({
      ...blankForm,
      templateId: params.templateId,
      type: params.type,
    })),
    resetForm: assign({ ...blankForm }),
    assignName: assign((_, params: { value: string }) => ({ name: params.value })),
    assignType: assign((_, params: { value: string }) => ({ type: isTemplateType(params.value) ? params.value : null })),
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
    clearLogo: assign({ logo: null, logoProblem: null, refusedName: null }),
    showErrors: assign({ showErrors: true }),
  },
  guards: {
    logoAccepted: (_, params: { checked: CheckedTemplateLogo }) => params.checked.problem === null && params.checked.kind !== null,
    formValid: ({ context }) => templateNameProblem(context.name) === null && context.type !== null,
  },
}).createMachine({
  id: 'templateSetup',
  context: { filter: 'all', ...blankForm },
  initial: 'gallery',
  states: {
    gallery: {
      tags: ['gallery'],
      description: 'The static gallery, filtered by type.',
      on: {
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
            'NAME.CHANGE': { actions: { type: 'assignName', params: ({ event }) => ({ value: event.value }) } },
            'TYPE.CHANGE': { actions: { type: 'assignType', params: ({ event }) => ({ value: event.value }) } },
            'LOGO.PICK': { target: 'checkingLogo', actions: { type: 'assignPending', params: ({ event }) => ({ file: event.file }) } },
            'LOGO.CLEAR': { actions: 'clearLogo' },
            SUBMIT: [{ guard: 'formValid', target: '#templateSetup.ready' }, { actions: 'showErrors' }],
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
      description: 'The checked template: a summary and the way to the provider, which registers templates (D201).',
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
export const selectTemplateNameProblem = (s: Snapshot) => (s.context.showErrors ? templateNameProblem(s.context.name) : null);
export const selectTemplateTypeMissing = (s: Snapshot) => s.context.showErrors && s.context.type === null;
