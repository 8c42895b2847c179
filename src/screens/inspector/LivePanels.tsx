import { Badge, Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatStateValue, type LiveActor } from './live';

/** The actors the portal tabs report, ended ones last, each with a button to follow it on the diagram. */
export function LiveActorList({
  actors,
  followKey,
  onFollow,
}: {
  actors: readonly LiveActor[];
  followKey: string | null;
  onFollow: (actor: LiveActor) => void;
}) {
  const { t } = useTranslation('inspector');
  return (
    <section aria-labelledby="inspector-live-heading">
      <Title order={2} size="h4" id="inspector-live-heading" mb="xs">
        {t('live.heading')}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('live.masked')}
      </Text>
      {actors.length === 0 ? (
        <Text size="sm">{t('live.empty')}</Text>
      ) : (
        <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="live-actors">
          {actors.map((actor) => (
            <li key={actor.key}>
              <Paper withBorder p="xs" data-actor-machine={actor.machineId} data-ended={actor.ended}>
                <Text size="sm" fw={700}>
                  {t('live.actor', { machine: actor.machineId, tab: actor.tabId.slice(0, 4), path: actor.path })}{' '}
                  {actor.ended ? (
                    <Badge color="gray.7" size="sm" variant="outline">
                      {t('live.ended')}
                    </Badge>
                  ) : null}
                </Text>
                <Text size="xs" ff="monospace">
                  {t('live.state', { state: actor.snapshot ? formatStateValue(actor.snapshot.value) : '—' })}
                </Text>
                <Button
                  mt={4}
                  size="xs"
                  variant={followKey === actor.key ? 'filled' : 'default'}
                  aria-pressed={followKey === actor.key}
                  onClick={() => onFollow(actor)}
                >
                  {followKey === actor.key ? t('live.following') : t('live.follow')}
                </Button>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

/** The events the followed actor received, oldest first, each with its payload. */
export function LiveEventList({ followed }: { followed: LiveActor | null }) {
  const { t, i18n } = useTranslation('inspector');
  const followedHere = followed;
  return (
    <section aria-labelledby="inspector-events-heading">
      <Title order={3} size="h5" id="inspector-events-heading" mb="xs">
        {t('live.eventsHeading')}
      </Title>
      {followedHere && followedHere.events.length > 0 ? (
        <Stack component="ol" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="live-events">
          {followedHere.events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <Text size="xs" fw={700} ff="monospace">
                {new Date(event.at).toLocaleTimeString(i18n.language === 'en' ? 'en-GB' : 'vi-VN')} {event.type}
              </Text>
              <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {JSON.stringify(event.payload, null, 1)}
              </Code>
            </li>
          ))}
        </Stack>
      ) : (
        <Text size="sm">{t('live.noEvents')}</Text>
      )}
    </section>
  );
}
