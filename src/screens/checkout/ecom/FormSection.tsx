import type { ReactNode } from 'react';
import { Paper, Stack, Text } from '@mantine/core';

/** One fieldset of the form: a bordered group with its legend, disabled as a whole while saving. */
export function FormSection({ title, disabled, children }: { title: string; disabled: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="fieldset" disabled={disabled}>
      <Text component="legend" fw={600}>
        {title}
      </Text>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
