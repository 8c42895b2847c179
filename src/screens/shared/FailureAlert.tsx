import type { ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';

export interface FailureAlertProps {
  title: string;
  /** What went wrong, in the user's language (usually the error catalogue's text). */
  message: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  testId?: string;
}

/**
 * A load or call that failed: what happened and the one thing to do about it (core §8 "the screen
 * says what happened and what to do"). role=alert so screen readers hear it when it appears.
 */
export function FailureAlert({ title, message, retryLabel, onRetry, testId }: FailureAlertProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title} data-testid={testId}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="red.9">
          {message}
        </Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Group>
    </Alert>
  );
}
