import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectSsoBlocked,
  selectSsoChecking,
  selectSsoErrorCode,
  selectSsoFailed,
  selectSsoLinked,
  selectSsoProvider,
  selectSsoWaiting,
  type ssoLinkMachine,
} from '../../../machines/einvoice/ssoLink.machine';
import { errorMessageKey } from '../../../services/errors';
import { providerName } from './providerNames';
import '../styles';

export type SsoLinkActor = ActorRefFrom<typeof ssoLinkMachine>;

/**
 * The dialogs of linking the merchant account (doc 2 §4 SSO link, §8): while the provider's window is
 * open, a notice that says where to look (with a way to bring it back or stop); then success, failure
 * (retry, back) or "the browser blocked the window" (retry, back). Rendered by the setup screen with
 * the `ssoLink` child actor it invokes.
 */
export function SsoLinkDialogs({ actor }: { actor: SsoLinkActor }) {
  const { t } = useTranslation(['einvoice', 'errors']);
  const waiting = useSelector(actor, selectSsoWaiting);
  const checking = useSelector(actor, selectSsoChecking);
  const blocked = useSelector(actor, selectSsoBlocked);
  const failed = useSelector(actor, selectSsoFailed);
  const linked = useSelector(actor, selectSsoLinked);
  const code = useSelector(actor, selectSsoErrorCode);
  const provider = providerName(useSelector(actor, selectSsoProvider));

  if (waiting || checking) {
    return (
      <Modal
        opened
        onClose={() => actor.send({ type: 'CANCEL' })}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={!checking}
        title={t('sso.link.waitingTitle', { provider })}
        centered
        data-testid="sso-link-waiting"
      >
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden />
            <Text role="status">{checking ? t('sso.link.checking') : t('sso.link.waitingBody', { provider })}</Text>
          </Group>
          {checking ? null : (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => actor.send({ type: 'CANCEL' })}>
                {t('sso.link.cancel')}
              </Button>
              <Button onClick={() => actor.send({ type: 'FOCUS' })}>{t('sso.link.showWindow')}</Button>
            </Group>
          )}
        </Stack>
      </Modal>
    );
  }

  if (linked) {
    return (
      <Modal
        opened
        onClose={() => actor.send({ type: 'CONFIRM' })}
        title={t('sso.link.successTitle')}
        closeButtonProps={{ 'aria-label': t('sso.link.close') }}
        centered
        data-testid="sso-link-success"
      >
        <Stack gap="sm">
          <Text>{t('sso.link.successBody', { provider })}</Text>
          <Group justify="flex-end">
            <Button onClick={() => actor.send({ type: 'CONFIRM' })} data-autofocus>
              {t('sso.link.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  if (failed || blocked) {
    return (
      <Modal
        opened
        onClose={() => actor.send({ type: 'BACK' })}
        title={blocked ? t('sso.link.blockedTitle') : t('sso.link.failTitle')}
        closeButtonProps={{ 'aria-label': t('sso.link.close') }}
        centered
        data-testid={blocked ? 'sso-link-blocked' : 'sso-link-failed'}
      >
        <Stack gap="sm">
          {blocked ? (
            <>
              <Text>{t('sso.link.blockedBody', { provider })}</Text>
              <Text size="sm">{t('sso.link.blockedHow')}</Text>
            </>
          ) : (
            <>
              <Text>{t('sso.link.failBody', { provider })}</Text>
              {code ? <Text size="sm">{t(errorMessageKey(code))}</Text> : null}
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => actor.send({ type: 'BACK' })}>
              {t('sso.link.back')}
            </Button>
            <Button onClick={() => actor.send({ type: 'RETRY' })} data-autofocus>
              {t('sso.link.retry')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return null;
}

export default SsoLinkDialogs;
