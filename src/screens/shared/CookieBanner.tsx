import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './shared.module.css';

const COOKIE_NAME = 'cookie';

export function hasConsentCookie(cookieString: string = document.cookie): boolean {
  return cookieString.split(';').some((part) => part.trim().split('=')[0] === COOKIE_NAME);
}

function writeConsentCookie() {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // A year is long enough that the banner does not nag, short enough to ask again eventually.
  document.cookie = `${COOKIE_NAME}=accepted; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** Shown until a cookie named `cookie` exists (core §2, §9). The caller leaves it off /ecr pages. */
export function CookieBanner() {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(() => !hasConsentCookie());
  if (!visible) return null;
  return (
    <Paper
      component="section"
      aria-label={t('cookie.label')}
      className={classes.cookieBanner}
      data-cookie-banner
      shadow="md"
      withBorder
      p="md"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{t('cookie.text')}</Text>
        <Button
          onClick={() => {
            writeConsentCookie();
            setVisible(false);
          }}
        >
          {t('cookie.accept')}
        </Button>
      </Group>
    </Paper>
  );
}
