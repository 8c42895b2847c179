import { Paper, Stack } from '@mantine/core';
import './styles';
import type { ActorRefFrom } from 'xstate';
import type { kitchenPairMachine } from '../../machines/kitchen/kitchenPair.machine';
import { LanguageSelect } from '../shared/LanguageSelect';
import { PairCodeForm } from '../shared/pair/PairCodeForm';

export type KitchenPairActor = ActorRefFrom<typeof kitchenPairMachine>;

/** /kitchen on a device not yet paired: the 6-digit code from the cashier's screen (D325). */
export function KitchenPairForm({ actor }: { actor: KitchenPairActor }) {
  return (
    <Stack component="main" mih="100vh" p="md" align="center" justify="center" data-testid="kitchen-pair">
      <Paper withBorder p="lg" maw={480} w="100%">
        <PairCodeForm actor={actor} ns="kitchen" testId="kitchen-pair" />
      </Paper>
      <LanguageSelect />
    </Stack>
  );
}
