import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { templateSetupMachine } from '../../../machines/einvoice/templateSetup.machine';
import { TEMPLATE_LOGO_MAX_BYTES } from '../../../machines/einvoice/template/rules';
import { TemplateScreen } from '../../../screens/einvoice/template/TemplateScreen';
import { createTemplateApi, type SavedTemplate, type TemplateSave } from '../../../services/einvoice/template/api';
import { checkTemplateLogo, type CheckedTemplateLogo } from '../../../services/einvoice/template/logo';
import { PROVIDERS } from '../../../services/einvoice/core/registry';
import { PROVIDER_ROUTES } from '../../../services/einvoice/core/types';
import { useAreaActors, useRuntime, type AppScope } from '../../shared/composition';

const providerLinks = PROVIDER_ROUTES.map((route) => ({ name: PROVIDERS[route].name, href: PROVIDERS[route].researchUrl }));

/** The template page's backend calls for one runtime (D279). */
const templateApiOf = ({ runtime }: AppScope) => createTemplateApi(runtime.clients.portal);

/** /e-inv-template (doc 2 §2; flag einvoice): the gallery and the template setup form, saved on the backend (D201, D255). */
export default function TemplateRoute() {
  const { inspect } = useRuntime();
  const api = useAreaActors(templateApiOf);
  const machine = useMemo(
    () =>
      templateSetupMachine.provide({
        actors: {
          checkLogo: fromPromise<CheckedTemplateLogo, { file: Blob }>(({ input }) =>
            checkTemplateLogo(input.file, TEMPLATE_LOGO_MAX_BYTES),
          ),
          loadTemplate: fromPromise<SavedTemplate | null, void>(({ signal }) => api.load(signal)),
          saveTemplate: fromPromise<SavedTemplate, TemplateSave>(({ input, signal }) => api.save(input, signal)),
        },
      }),
    [api],
  );
  const actor = useActorRef(machine, { inspect });
  return <TemplateScreen actor={actor} providerLinks={providerLinks} />;
}
