import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../shared/LanguageSelect';
import { usePortal } from '../shared/portal-context';
import { MAIN_CONTENT_ID, SkipLink } from '../shared/SkipLink';
import classes from './auth.module.css';

/** Centred card on a background, footer with the auth hotline and the support mailbox (core §2). */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const { config } = usePortal();
  const hotline = config.hotlines.auth;
  const email = config.supportEmail;
  return (
    <div className={classes.page}>
      <SkipLink />
      <header className={classes.header}>
        <Text component="p" fw={700} c="white" className={classes.brand}>
          {t('layout.brand')}
        </Text>
        <LanguageSelect />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Paper shadow="md" radius="md" p="xl" withBorder className={classes.card}>
          {children}
        </Paper>
      </main>
      <footer className={classes.footer}>
        <Group justify="center" gap="lg" wrap="wrap">
          <Anchor href={`tel:${hotline.replace(/[^\d+]/g, '')}`} c="white">
            {t('layout.hotline', { phone: hotline })}
          </Anchor>
          <Anchor href={`mailto:${email}`} c="white">
            {t('layout.support', { email })}
          </Anchor>
        </Group>
      </footer>
    </div>
  );
}
