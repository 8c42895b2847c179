import { Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InspectorMachine } from './types';

export interface MachineListProps {
  machines: readonly InspectorMachine[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Every machine of the catalogue with its title, spec section and description in the current language. */
export function MachineList({ machines, selectedId, onSelect }: MachineListProps) {
  const { t } = useTranslation(['inspector', 'machines']);
  return (
    <nav aria-labelledby="inspector-machines-heading">
      <Title order={2} size="h4" id="inspector-machines-heading" mb="xs">
        {t('machines.heading')}
      </Title>
      <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {machines.map((entry) => {
          const selected = entry.id === selectedId;
          return (
            <li key={entry.id}>
              <UnstyledButton
                onClick={() => onSelect(entry.id)}
                aria-pressed={selected}
                data-machine-id={entry.id}
                w="100%"
                p="xs"
                style={{
                  borderRadius: 6,
                  border: selected ? '2px solid var(--mantine-color-blue-8)' : '1px solid var(--mantine-color-gray-5)',
                  background: selected ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-white)',
                }}
              >
                <Text fw={700} size="sm" c="dark.9">
                  {t(`machines:${entry.id}.title`)}{' '}
                  <Text span size="xs" c="dimmed" ff="monospace">
                    ({entry.id})
                  </Text>
                </Text>
                <Text size="xs" c="dimmed">
                  {t('specLabel', { spec: t(`machines:${entry.id}.spec`) })}
                </Text>
                <Text size="xs" c="dark.7">
                  {t(`machines:${entry.id}.description`)}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </nav>
  );
}
