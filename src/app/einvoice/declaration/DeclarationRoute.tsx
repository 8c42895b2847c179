import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { declarationListMachine, selectDeclarationProvider } from '../../../machines/einvoice/declarationList.machine';
import { DeclarationListScreen } from '../../../screens/einvoice/declaration/DeclarationListScreen';
import {
  declarationRange,
  providerInfo,
  type DeclarationStatus,
  type EinvoiceSettings,
  type ProviderRoute,
} from '../../../services/einvoice/core';
import { useAreaActors, useRuntime } from '../../shared/composition';
import { einvoicePaths } from '../paths';
import { einvoiceOf } from '../services';

/** /e-inv-declaration (doc 2 §2; flag einvoice; D200): the set-up provider's declarations from 1 January to today. */
export default function DeclarationRoute() {
  const { inspect } = useRuntime();
  const einvoice = useAreaActors(einvoiceOf);
  const machine = useMemo(
    () =>
      declarationListMachine.provide({
        actors: {
          loadSettings: fromPromise<EinvoiceSettings | null>(({ signal }) => einvoice.services().backend.getSettings(signal)),
          loadDeclarations: fromPromise<DeclarationStatus, { provider: ProviderRoute }>(({ input, signal }) =>
            einvoice
              .services()
              .withToken(
                input.provider,
                (token, adapter) => adapter.declarationStatus(token, declarationRange(Date.now()), signal),
                signal,
              ),
          ),
        },
      }),
    [einvoice],
  );
  const actor = useActorRef(machine, { inspect });
  const provider = useSelector(actor, selectDeclarationProvider);
  return (
    <DeclarationListScreen
      actor={actor}
      addHref={provider ? providerInfo(provider).researchUrl : null}
      settingHref={einvoicePaths.setting()}
    />
  );
}
