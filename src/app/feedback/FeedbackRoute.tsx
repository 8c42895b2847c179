import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { feedbackFormMachine } from '../../machines/feedback/feedbackForm.machine';
import { feedbackListMachine } from '../../machines/feedback/feedbackList.machine';
import type { FeedbackType } from '../../services/feedback/schemas';
import { FeedbackFormScreen } from '../../screens/feedback/FeedbackFormScreen';
import { FeedbackListScreen, type FeedbackListLinks } from '../../screens/feedback/FeedbackListScreen';
import { feedbackErrorKey } from '../../screens/feedback/labels';
import { NotFound } from '../../screens/shared/NotFound';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { feedbackActorsOf } from './actors';
import { useStoreOptions } from '../shared/use-store-options';
import { feedbackPaths, feedbackSegments, typeOfTab } from './paths';

/**
 * /feedback and its sub-pages (core §2 Feedback). The area's actors are wired in ./actors.ts (D279). Toast titles per core §8 (feedback add, edit, delete fail);
 * the service's own codes (image refused, report gone) have the area's texts.
 */
const failure = (title: string, code: string | null) => notify.failureText({ title, message: feedbackErrorKey(code) });

const links: FeedbackListLinks = { tab: feedbackPaths.list, create: feedbackPaths.create, update: feedbackPaths.update };

function ListPage() {
  const type = typeOfTab(useParams().tab);
  return type ? <ListOfType type={type} /> : <NotFound signedIn />;
}

function ListOfType({ type }: { type: FeedbackType }) {
  const { inspect } = useRuntime();
  const a = useAreaActors(feedbackActorsOf);
  const machine = useMemo(() => {
    const { loadFeedbackPage, loadFeedback, deleteFeedback } = a;
    return feedbackListMachine.provide({
      actors: { loadPage: loadFeedbackPage, deleteRow: deleteFeedback, loadFeedback },
      actions: {
        notifyDeleted: () => notify.success({ title: 'feedback:delete.successTitle', message: 'feedback:delete.successBody' }),
        notifyDeleteFailed: (_, params) => failure('feedback:toast.deleteFailed', params.code),
      },
    });
  }, [a]);
  const actor = useActorRef(machine, { input: { type }, inspect });
  // Address → machine: a tab link (or Back) changes the address; the list follows it.
  useEffect(() => {
    actor.send({ type: 'FILTER.SET', filter: { type } });
  }, [actor, type]);
  return <FeedbackListScreen actor={actor} type={type} links={links} loadImage={a.loadImage} />;
}

function FormPage({ mode }: { mode: 'create' | 'update' }) {
  const params = useParams();
  const type = typeOfTab(params.tab);
  const id = mode === 'update' ? Number(params.id) : null;
  if (!type || (mode === 'update' && !(Number.isInteger(id) && id! > 0 && /^\d{1,10}$/.test(params.id ?? ''))))
    return <NotFound signedIn />;
  // Keyed: another address is another form.
  return <FormOfType key={`${type}-${id}`} type={type} id={id} />;
}

function FormOfType({ type, id }: { type: FeedbackType; id: number | null }) {
  const navigate = useNavigate();
  const { inspect } = useRuntime();
  const a = useAreaActors(feedbackActorsOf);
  const { stores, loading } = useStoreOptions();
  const machine = useMemo(() => {
    const { loadFormData, inspectImages, saveFeedback } = a;
    return feedbackFormMachine.provide({
      actors: { loadFormData, inspectImages, saveFeedback },
      actions: {
        notifySaved: ({ context }) =>
          context.id === null
            ? notify.success({ title: 'feedback:toast.addedTitle', message: 'feedback:toast.addedBody' })
            : notify.success({ title: 'feedback:toast.editedTitle', message: 'feedback:toast.editedBody' }),
        notifySaveFailed: ({ context }, params) =>
          failure(context.id === null ? 'feedback:toast.addFailed' : 'feedback:toast.editFailed', params.code),
      },
    });
  }, [a]);
  const actor = useActorRef(machine, { input: { type, id }, inspect });
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') navigate(feedbackPaths.list(type));
    });
    return () => sub.unsubscribe();
  }, [actor, navigate, type]);
  return <FeedbackFormScreen actor={actor} stores={stores} storesLoading={loading} loadImage={a.loadImage} />;
}

export default function FeedbackRoute() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path={feedbackSegments.create} element={<FormPage mode="create" />} />
      <Route path={feedbackSegments.update} element={<FormPage mode="update" />} />
      <Route path={feedbackSegments.tab} element={<ListPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
