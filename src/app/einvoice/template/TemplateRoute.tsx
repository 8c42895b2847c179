import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { templateSetupMachine } from '../../../machines/einvoice/templateSetup.machine';
import { TEMPLATE_LOGO_MAX_BYTES } from '../../../machines/einvoice/template/rules';
import { TemplateScreen } from '../../../screens/einvoice/template/TemplateScreen';
import { checkTemplateLogo, type CheckedTemplateLogo } from '../../../services/einvoice/template/logo';
import { PROVIDERS } from '../../../services/shared/einvoice/registry';
import { PROVIDER_ROUTES } from '../../../services/shared/einvoice/types';
import { getRuntime } from '../../shared/runtime';

const providerLinks = PROVIDER_ROUTES.map((route) => ({ name: PROVIDERS[route].name, href: PROVIDERS[route].researchUrl }));

/** /e-inv-template (doc 2 §2; flag einvoice): the gallery and the template setup form (D201). */
export default function TemplateRoute() {
  const { inspect } = getRuntime();
  const machine = useMemo(
    () =>
      templateSetupMachine.provide({
        actors: {
          checkLogo: fromPromise<CheckedTemplateLogo, { file: Blob }>(({ input }) =>
            checkTemplateLogo(input.file, TEMPLATE_LOGO_MAX_BYTES),
          ),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { inspect });
  return <TemplateScreen actor={actor} providerLinks={providerLinks} />;
}
