import { Group, Loader, Text } from '@mantine/core';

/**
 * Something is loading: a small spinner and what is being fetched, announced politely (role=status),
 * the spinner itself hidden from screen readers so the words are read once.
 */
export function LoadingLine({ label, justify, p, testId }: { label: string; justify?: 'center'; p?: 'md'; testId?: string }) {
  return (
    <Group gap="xs" justify={justify} p={p} role="status" data-testid={testId}>
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
