import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../services/errors';
import { FailureAlert } from '../shared/FailureAlert';

/**
 * The pieces the settings forms (digital order, reward point, payment setup, screen customisation)
 * all show the same way: one copy so the four cannot drift apart in wording or behaviour.
 */

/** Codes the settings area words itself (not in the shared catalogue). */
export const OWN_CODES = new Set(['VALIDATION_ERROR', 'IMAGE_TOO_LARGE', 'IMAGE_INVALID_FORMAT']);

/** A code's text: the area's own wording for its codes, else the shared catalogue's (core §8). */
export function useSettingsMessage() {
  const { t } = useTranslation(['settings', 'errors']);
  return (code: string) => t(OWN_CODES.has(code) ? `codes.${code}` : errorMessageKey(code));
}

/** Why the form could not load, with a retry, or that it is loading; nothing once it has loaded (doc 2 §2: no form meanwhile). */
export function SettingsLoadState({
  loading,
  loadFailed,
  title,
  code,
  onRetry,
  testId,
}: {
  loading: boolean;
  loadFailed: boolean;
  title: string;
  code: string | null;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation(['settings', 'errors']);
  const message = useSettingsMessage();
  if (loadFailed)
    return (
      <FailureAlert title={title} message={message(code ?? 'UNKNOWN_ERROR')} retryLabel={t('retry')} onRetry={onRetry} testId={testId} />
    );
  if (loading)
    return (
      <Text role="status" size="sm">
        {t('loading')}
      </Text>
    );
  return null;
}

/** Why the last save failed (everything typed stays), until the next change or save. */
export function SaveErrorAlert({ code, title, testId }: { code: string | null; title: string; testId?: string }) {
  const message = useSettingsMessage();
  if (!code) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title} data-testid={testId}>
      {message(code)}
    </Alert>
  );
}
