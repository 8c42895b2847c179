import { useState } from 'react';
import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectEmbedSnippet } from '../../../machines/checkout/widgetSettings.selectors';
import type { CopyOutcome } from '../../shared/PaymentLinkResult';
import type { WidgetSettingsActor } from './actor';

/** The snippet a shop pastes into its site, with a copy button that says whether it copied. */
export function EmbedPanel({ actor, copy }: { actor: WidgetSettingsActor; copy: (text: string) => Promise<CopyOutcome> }) {
  const { t } = useTranslation('checkout');
  const snippet = useSelector(actor, selectEmbedSnippet);
  const [copied, setCopied] = useState<CopyOutcome | null>(null);
  const onCopy = (text: string) => {
    setCopied(null);
    void copy(text).then(setCopied);
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('ecom.embed.title')}
        </Title>
        <Text size="sm">{t('ecom.embed.help')}</Text>
        <Code block data-testid="ecom-embed" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {snippet}
        </Code>
        <Group gap="sm">
          <Button variant="default" onClick={() => snippet && onCopy(snippet)} data-testid="ecom-embed-copy">
            {t('ecom.embed.copy')}
          </Button>
          <Text size="sm" role="status" c={copied === 'copy_fail' ? 'red.9' : undefined} data-testid="ecom-embed-copied">
            {copied ? t(`ecom.embed.${copied}`) : ''}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
