import { fromPromise } from 'xstate';
import type { FeedbackApi, FeedbackPage } from './index';
import { inspectImages } from './images';
import type { FeedbackFormData, FeedbackRow, FeedbackSave, FeedbackType, InspectedImage } from './schemas';

/**
 * The feedback machines' actors for `machine.provide({ actors })` in src/app. Each passes the
 * machine's abort signal on, so leaving a state stops its request.
 */
export function createFeedbackActors(api: FeedbackApi) {
  return {
    loadFeedbackPage: fromPromise<FeedbackPage, { type: FeedbackType; page: number; pageSize: number }>(({ input, signal }) =>
      api.list(input, signal),
    ),
    loadFeedback: fromPromise<FeedbackRow, { type: FeedbackType; id: number }>(({ input, signal }) =>
      api.one(input.type, input.id, signal),
    ),
    deleteFeedback: fromPromise<void, { id: number }>(({ input, signal }) => api.remove(input.id, signal)),
    loadFormData: fromPromise<FeedbackFormData, { type: FeedbackType; id: number | null }>(async ({ input, signal }) => {
      const [devices, feedback] = await Promise.all([
        api.devices(signal),
        input.id === null ? Promise.resolve(null) : api.one(input.type, input.id, signal),
      ]);
      return { devices, feedback };
    }),
    saveFeedback: fromPromise<FeedbackRow, FeedbackSave>(({ input, signal }) =>
      input.kind === 'create' ? api.create(input.body, signal) : api.update(input.body, signal),
    ),
    inspectImages: fromPromise<InspectedImage[], { files: Blob[] }>(({ input }) => inspectImages(input.files)),
  };
}
export type FeedbackActors = ReturnType<typeof createFeedbackActors>;
