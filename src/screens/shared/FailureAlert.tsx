import type { ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
// Shown by the shell (profile failed) on any page, so it brings its own CSS (docs/architecture.md).
import '@mantine/core/styles/Alert.css';

export interface FailureAlertProps {
  title: string;
  /** What went wrong, in the user's language (usually the error catalogue's text). */
  message: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  /** A way out beside the retry (a form that could not load its options goes back to its list). */
  back?: { label: string; onClick: () => void };
  testId?: string;
}

/**
 * A load or call that failed: what happened and the one thing to do about it (core §8 "the screen
 * says what happened and what to do"). role=alert so screen readers hear it when it appears.
 */
export function FailureAlert({ title, message, retryLabel, onRetry, back, testId }: FailureAlertProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title} data-testid={testId}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="red.9">
          {message}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onRetry}>
            {retryLabel}
          </Button>
          {back ? (
            <Button variant="default" size="xs" onClick={back.onClick}>
              {back.label}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Alert>
  );
}
