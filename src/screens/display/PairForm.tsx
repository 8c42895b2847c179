import { Paper, Stack } from '@mantine/core';
import './styles';
import type { ActorRefFrom } from 'xstate';
import type { displayPairMachine } from '../../machines/display/displayPair.machine';
import { LanguageSelect } from '../shared/LanguageSelect';
import { PairCodeForm } from '../shared/pair/PairCodeForm';
import classes from './display.module.css';

export type DisplayPairActor = ActorRefFrom<typeof displayPairMachine>;

/** /ecr-slide?pair on the display device: the 6-digit code from the cashier's screen (beyond the spec, D141). */
export function PairForm({ actor }: { actor: DisplayPairActor }) {
  return (
    <div className={classes.page} data-testid="display-pair">
      <Stack flex={1} align="center" justify="center">
        <Paper className={classes.card} maw={480} w="100%">
          <PairCodeForm actor={actor} ns="display" testId="display-pair" />
        </Paper>
      </Stack>
      <div className={classes.corner}>
        <LanguageSelect />
      </div>
    </div>
  );
}
