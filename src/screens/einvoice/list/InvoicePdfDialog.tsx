import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { invoicePdfMachine } from '../../../machines/einvoice/invoicePdf.machine';
import { selectPdf, selectPdfLoading, selectPdfPrinting, selectPdfRow, selectPdfShowing } from '../../../machines/einvoice/list/selectors';
import { LoadingLine } from '../../shared/LoadingLine';
import '../styles';

export type InvoicePdfActor = ActorRefFrom<typeof invoicePdfMachine>;

/** A blob: URL for the frame, alive while the PDF is shown and revoked with it. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * The PDF popup (doc 2 §2): the provider's PDF in a frame from a blob: URL (the CSP allows frames from
 * blob: only, D205), with refresh, open in a new tab, download, print and close.
 */
export function InvoicePdfDialog({ actor }: { actor: InvoicePdfActor }) {
  const { t } = useTranslation('einvoice');
  const row = useSelector(actor, selectPdfRow);
  const pdf = useSelector(actor, selectPdf);
  const loading = useSelector(actor, selectPdfLoading);
  const showing = useSelector(actor, selectPdfShowing);
  const printing = useSelector(actor, selectPdfPrinting);
  const url = useObjectUrl(pdf);
  const name = t('list.invoiceName', { serial: row.invoice.serial, seq: row.invoice.seq });

  return (
    <Modal
      opened
      onClose={() => actor.send({ type: 'CLOSE' })}
      title={t('list.pdf.title', { name })}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('list.pdf.close') }}
    >
      <Stack gap="sm" data-testid="einvoice-pdf-dialog">
        <Group gap="xs" wrap="wrap">
          <Button variant="default" size="xs" onClick={() => actor.send({ type: 'REFRESH' })} disabled={!showing} data-testid="pdf-refresh">
            {t('list.pdf.refresh')}
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => actor.send({ type: 'OPEN_TAB' })}
            disabled={!showing}
            data-testid="pdf-open-tab"
          >
            {t('list.pdf.openTab')}
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => actor.send({ type: 'DOWNLOAD' })}
            disabled={!showing}
            data-testid="pdf-download"
          >
            {t('list.pdf.download')}
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => actor.send({ type: 'PRINT' })}
            disabled={!showing}
            loading={printing}
            data-testid="pdf-print"
          >
            {t('list.pdf.print')}
          </Button>
        </Group>
        {loading ? <LoadingLine label={t('list.pdf.loading')} /> : null}
        {url ? (
          <iframe
            src={url}
            title={name}
            data-testid="einvoice-pdf-frame"
            style={{ width: '100%', height: '70vh', border: '1px solid var(--mantine-color-gray-4)' }}
          />
        ) : (
          <Text size="sm" c="gray.7" aria-hidden={loading}>
            {loading ? '' : t('list.pdf.empty')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
