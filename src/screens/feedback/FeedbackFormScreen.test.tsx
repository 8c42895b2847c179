import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { feedbackFormMachine } from '../../machines/feedback/feedbackForm.machine';
import type { FeedbackFormData, FeedbackRow, FeedbackSave, InspectedImage } from '../../services/feedback/schemas';
import { renderScreen } from '../shared/test/render';
import { FeedbackFormScreen } from './FeedbackFormScreen';

afterEach(cleanup);

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const png = (name: string, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
};
const data: FeedbackFormData = {
  devices: [{ serial_number: '18501000000101', type_edc: 1, store_id: 1, store_name: 'Hàng Bạc' }],
  feedback: null,
};
const row: FeedbackRow = {
  id: 3,
  type: 'EDC',
  store_id: 1,
  store_name: 'Hàng Bạc',
  content: 'PIN',
  description: 'x',
  serial_number: '18501000000101',
  images: ['/api/portal/feedback/image/1'],
  created_at: '2026-11-22T10:00:00+07:00',
  updated_at: '2026-11-22T10:00:00+07:00',
};

function start(save: (input: FeedbackSave) => Promise<FeedbackRow>) {
  const sent: FeedbackSave[] = [];
  const actor = createActor(
    feedbackFormMachine.provide({
      actors: {
        loadFormData: fromPromise(async () => data),
        // The check itself is tested in src/services/feedback/images.test.ts; here its verdict by name.
        inspectImages: fromPromise<InspectedImage[], { files: Blob[] }>(async ({ input }) =>
          input.files.map((file) => {
            const name = (file as File).name;
            return { file, name, problem: name.startsWith('big') ? 'size' : name.startsWith('note') ? 'format' : null };
          }),
        ),
        saveFeedback: fromPromise<FeedbackRow, FeedbackSave>(async ({ input }) => (sent.push(input), save(input))),
      },
    }),
    { input: { type: 'EDC', id: null } },
  ).start();
  return { actor, sent };
}

const render = (actor: ReturnType<typeof start>['actor']) =>
  renderScreen(
    <FeedbackFormScreen actor={actor} stores={[{ id: '1', name: 'Hàng Bạc' }]} storesLoading={false} loadImage={async () => new Blob()} />,
  );

describe('feedback form screen', () => {
  it('names each refused file with its reason at once, previews the accepted one, and asks for an image on submit', async () => {
    const { actor, sent } = start(async () => row);
    await render(actor);
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByTestId('feedback-image-messages').textContent).toContain('Add at least one image');
    actor.send({
      type: 'IMAGES.ADD',
      files: [png('big.png', 102_401), new File(['just text'], 'note.png', { type: 'image/png' }), png('ok.png')],
    });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    const messages = screen.getByTestId('feedback-image-messages').textContent ?? '';
    expect(messages).toContain('big.png: The image is larger than 100 KB');
    expect(messages).toContain('note.png: Not a PNG or JPEG image');
    expect(messages).not.toContain('Add at least one image');
    // The preview follows the list item once the image is read (a loaded machine took longer than the item).
    expect((await screen.findByRole('img', { name: 'Image 1' })).getAttribute('src')).toMatch(/^blob:/);
    expect(sent).toEqual([]);
  });

  it('disables sending while it runs, keeps everything on a refusal and shows the area’s message', async () => {
    let reject: (error: unknown) => void = () => {};
    const { actor, sent } = start(() => new Promise((_, no) => (reject = no)));
    await render(actor);
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    actor.send({ type: 'FIELD.CHANGE', field: 'store', value: '1' });
    actor.send({ type: 'FIELD.CHANGE', field: 'content', value: 'PIN' });
    actor.send({ type: 'FIELD.CHANGE', field: 'serial', value: '18501000000101' });
    fireEvent.change(screen.getByTestId('feedback-description'), { target: { value: '<b>Máy</b> hỏng' } });
    actor.send({ type: 'IMAGES.ADD', files: [png('a.png')] });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'create', body: { type: 'EDC', store_id: 1, content: 'PIN', description: '<b>Máy</b> hỏng' } });
    reject({ code: 'IMAGE_TOO_LARGE', status: 413 });
    await waitFor(() => expect(screen.getByTestId('feedback-submit-error').textContent).toContain('The image is larger than 100 KB'));
    expect((screen.getByTestId('feedback-description') as HTMLTextAreaElement).value).toBe('<b>Máy</b> hỏng');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
  });
});
