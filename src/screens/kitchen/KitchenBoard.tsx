import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectGroups, selectLink, selectUnpaired, type kitchenBoardMachine } from '../../machines/kitchen/kitchenBoard.machine';
import type { Ticket } from '../../services/kitchen/schemas';
import { LanguageSelect } from '../shared/LanguageSelect';
import { READABLE_FILL } from '../shared/readable-fills';

export type KitchenBoardActor = ActorRefFrom<typeof kitchenBoardMachine>;

/** Touch targets of a kitchen tablet: at least 44 px (WCAG 2.5.5), larger here for wet hands. */
const TARGET = 48;
export const DONE_FILL = READABLE_FILL.green;
const LOST_FILL = READABLE_FILL.orange;

const clock = (seconds: number, language: string) =>
  new Intl.DateTimeFormat(language === 'vi' ? 'vi-VN' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Ho_Chi_Minh',
  }).format(seconds * 1000);

function TicketCard({ actor, ticket }: { actor: KitchenBoardActor; ticket: Ticket }) {
  const { t, i18n } = useTranslation('kitchen');
  const pending = useSelector(actor, (s) => s.context.pending);
  const busy = (lineNo: number | null) => pending.some((p) => p.ticketId === ticket.ticket_id && p.lineNo === lineNo);
  const headingId = `kitchen-ticket-${ticket.ticket_id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={headingId} data-testid="kitchen-ticket">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} id={headingId}>
            {t('board.ticket', { code: ticket.order_code })}
          </Text>
          <Text size="sm" c="dimmed">
            {clock(ticket.created_at, i18n.language)}
          </Text>
        </Group>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {ticket.lines.map((line) => (
            <Group key={line.line_no} component="li" justify="space-between" wrap="wrap" gap="xs" data-testid="kitchen-line">
              <Stack gap={0} style={{ minWidth: 0, flex: '1 1 10rem' }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {t('board.line', { quantity: line.quantity, name: line.name })}
                </Text>
                {line.note ? (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {line.note}
                  </Text>
                ) : null}
              </Stack>
              {line.done_at !== null ? (
                <Badge color={DONE_FILL} size="lg">
                  {t('board.lineDone')}
                </Badge>
              ) : (
                <Button
                  variant="light"
                  mih={TARGET}
                  miw={TARGET}
                  loading={busy(line.line_no)}
                  onClick={() => actor.send({ type: 'DONE', ticketId: ticket.ticket_id, lineNo: line.line_no })}
                  aria-label={t('board.markLine', { name: line.name })}
                  data-testid="kitchen-line-done"
                >
                  {t('board.done')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
        <Button
          mih={TARGET}
          fullWidth
          loading={busy(null)}
          onClick={() => actor.send({ type: 'DONE', ticketId: ticket.ticket_id, lineNo: null })}
          aria-label={t('board.markTicket', { code: ticket.order_code })}
          data-testid="kitchen-ticket-done"
        >
          {t('board.ticketDone')}
        </Button>
      </Stack>
    </Card>
  );
}

/** /kitchen on a paired device: the store's open tickets by table, newest arriving live (D327, D328). */
export function KitchenBoard({ actor, storeName }: { actor: KitchenBoardActor; storeName: string }) {
  const { t } = useTranslation('kitchen');
  const groups = useSelector(actor, selectGroups);
  const link = useSelector(actor, selectLink);
  const unpaired = useSelector(actor, selectUnpaired);
  const failed = useSelector(actor, (s) => s.context.error !== null);

  return (
    <Stack component="main" mih="100vh" p="md" gap="md" data-testid="kitchen-board">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {storeName ? t('board.titleStore', { store: storeName }) : t('board.title')}
        </Title>
        <Group gap="sm" wrap="wrap">
          <Badge color={link === 'connected' ? DONE_FILL : LOST_FILL} size="lg" role="status">
            {t(`board.link.${link}`)}
          </Badge>
          <LanguageSelect />
        </Group>
      </Group>
      {unpaired ? <Text role="alert">{t('board.unpaired')}</Text> : null}
      {failed ? (
        <Text role="alert" c="red.8">
          {t('board.doneFailed')}
        </Text>
      ) : null}
      {groups.length === 0 ? (
        <Paper withBorder p="lg">
          <Text>{t('board.empty')}</Text>
        </Paper>
      ) : (
        groups.map((group) => (
          <Stack component="section" key={group.table ?? ''} gap="xs" aria-label={group.table ?? t('board.noTable')}>
            <Title order={2} size="h3">
              {group.table ?? t('board.noTable')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {group.tickets.map((ticket) => (
                <TicketCard key={ticket.ticket_id} actor={actor} ticket={ticket} />
              ))}
            </SimpleGrid>
          </Stack>
        ))
      )}
    </Stack>
  );
}
