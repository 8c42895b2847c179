import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../i18n/en/inspector.json';
import { MACHINE_CATALOGUE } from '../catalogue';
import { renderScreen } from '../../screens/shared/test/render';
import { InspectorScreen } from '../../screens/inspector/InspectorScreen';
import { INSPECTOR_PROTOCOL } from '../../screens/inspector/live';
import type { InspectorChannel } from '../../screens/inspector/types';

function fakeChannel() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const posted: unknown[] = [];
  const channel: InspectorChannel = {
    postMessage: (message) => posted.push(message),
    addEventListener: (_, listener) => listeners.add(listener),
    removeEventListener: (_, listener) => listeners.delete(listener),
    close: () => listeners.clear(),
  };
  const deliver = (data: unknown) => act(() => listeners.forEach((listener) => listener({ data } as MessageEvent)));
  return { channel, posted, deliver };
}

// The English machine texts of every area (src/i18n/en/machines/<area>.json), merged as the portal does.
const machineTexts = Object.assign(
  {},
  ...Object.values(import.meta.glob<Record<string, unknown>>('../../i18n/en/machines/*.json', { eager: true, import: 'default' })),
) as Record<string, { title: string; spec: string; description: string }>;

afterEach(cleanup);

// Each diagram is laid out by elkjs for real; on a loaded machine that takes seconds.
const SLOW = 30_000;

describe('InspectorScreen', { timeout: SLOW }, () => {
  it('lists every catalogued machine with its title, spec section and description', async () => {
    await renderScreen(<InspectorScreen machines={MACHINE_CATALOGUE} />);
    const nav = screen.getByRole('navigation', { name: en.machines.heading });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons).toHaveLength(MACHINE_CATALOGUE.length);
    for (const [index, entry] of MACHINE_CATALOGUE.entries()) {
      const texts = machineTexts[entry.id]!;
      expect(buttons[index]).toHaveTextContent(texts.title);
      expect(buttons[index]).toHaveTextContent(texts.spec);
      expect(buttons[index]).toHaveTextContent(texts.description);
    }
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the picked machine and draws its diagram', async () => {
    await renderScreen(<InspectorScreen machines={MACHINE_CATALOGUE} />);
    await userEvent.click(screen.getByRole('button', { name: /Sign in/ }));
    expect(screen.getByRole('heading', { level: 2, name: /Sign in/ })).toBeInTheDocument();
    const svg = await screen.findByTestId('diagram-svg', {}, { timeout: 15_000 });
    expect(svg.querySelector('[data-state-id="login.editing"]')).not.toBeNull();
    expect(within(svg).getByText('locked')).toBeInTheDocument();
  });

  it('lists running actors from the channel and highlights the followed one’s state', async () => {
    const { channel, posted, deliver } = fakeChannel();
    await renderScreen(<InspectorScreen machines={MACHINE_CATALOGUE} openChannel={() => channel} />);
    expect(posted).toContainEqual({ protocol: INSPECTOR_PROTOCOL, kind: 'hello' });
    expect(screen.getByText(en.live.empty)).toBeInTheDocument();
    // A portal tab opened after the inspector announces itself and is greeted, so it starts reporting.
    deliver({ protocol: INSPECTOR_PROTOCOL, kind: 'tab' });
    expect(posted.filter((m) => (m as { kind?: string }).kind === 'hello')).toHaveLength(2);

    const snapshot = (value: unknown) => ({ value, status: 'active', tags: [], context: {} });
    deliver({
      protocol: INSPECTOR_PROTOCOL,
      kind: 'actor',
      actor: { actorId: 'x:0', tabId: 'abcd1234', machineId: 'session', path: '/portal/login', parentId: null, startedAt: 1 },
      snapshot: snapshot('signedOut'),
    });
    deliver({ protocol: 1, kind: 'actor', actor: {} });
    deliver('garbage');
    const list = screen.getByTestId('live-actors');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('session in tab abcd (/portal/login)');

    fireEvent.click(within(list).getByRole('button', { name: en.live.follow }));
    const svg = await screen.findByTestId('diagram-svg', {}, { timeout: 15_000 });
    await waitFor(() => expect(svg.querySelector('[data-state-id="session.signedOut"]')).toHaveAttribute('data-marks', 'active'), {
      timeout: 5000,
    });

    deliver({
      protocol: INSPECTOR_PROTOCOL,
      kind: 'event',
      tabId: 'abcd1234',
      actorId: 'x:0',
      at: 2,
      event: { type: 'SIGNED_IN', tokens: '•••' },
      source: null,
    });
    deliver({
      protocol: INSPECTOR_PROTOCOL,
      kind: 'transition',
      tabId: 'abcd1234',
      actorId: 'x:0',
      at: 2,
      transitions: [{ source: 'session.signedOut', eventType: 'SIGNED_IN', index: 0 }],
    });
    deliver({
      protocol: INSPECTOR_PROTOCOL,
      kind: 'snapshot',
      tabId: 'abcd1234',
      actorId: 'x:0',
      at: 2,
      snapshot: snapshot({ signedIn: { profile: 'loadingProfile', token: 'valid' } }),
    });

    // The transition flashes for 1.6 s from its arrival: checked in the same render that marks the new
    // state, so a slow machine does not see the flash already over.
    await waitFor(
      () => {
        expect(svg.querySelector('[data-state-id="session.signedIn"]')).toHaveAttribute('data-marks', 'active');
        expect(svg.querySelector('[data-transition-id="session.signedOut | SIGNED_IN → session.signedIn"]')).toHaveAttribute(
          'stroke-width',
          '3.5',
        );
      },
      { timeout: 5000, interval: 20 },
    );
    expect(svg.querySelector('[data-state-id="session.signedOut"]')).not.toHaveAttribute('data-marks');
    expect(screen.getByTestId('live-current-state')).toHaveTextContent('signedIn.profile.loadingProfile + signedIn.token.valid');
    expect(screen.getByTestId('live-events')).toHaveTextContent('SIGNED_IN');
  });

  it('colours the diagram from a coverage report and explains a bad file', async () => {
    await renderScreen(<InspectorScreen machines={MACHINE_CATALOGUE} />);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(machineTexts.session!.title) }));
    const input = screen.getByTestId('coverage-file') as HTMLInputElement;
    const report = {
      generatedAt: '2026-11-22T09:51:35.237Z',
      machines: {
        session: {
          paths: [{ description: 'p', passed: true }],
          states: { total: 2, covered: ['session.signedOut'], notCovered: ['session.signingOut'] },
          transitions: { total: 1, covered: [], notCovered: ['session.signedOut | SIGNED_IN → session.signedIn'] },
        },
      },
    };
    await userEvent.upload(input, new File([JSON.stringify(report)], 'model-coverage.json', { type: 'application/json' }));
    expect(await screen.findByTestId('coverage-summary')).toHaveTextContent('1 of 2 states, 0 of 1 transitions');
    const svg = await screen.findByTestId('diagram-svg', {}, { timeout: 15_000 });
    expect(svg.querySelector('[data-state-id="session.signingOut"]')).toHaveAttribute('data-marks', 'not-covered');
    expect(svg.querySelector('[data-state-id="session.signedOut"]')).toHaveAttribute('data-marks', 'covered');
    expect(within(svg).getAllByText('✗ not covered').length).toBeGreaterThan(0);

    await userEvent.upload(input, new File(['{"machines": 3}'], 'other.json', { type: 'application/json' }));
    expect(await screen.findByTestId('coverage-error')).toHaveTextContent('This file is not a model coverage report');
    await userEvent.upload(input, new File(['not json'], 'x.json', { type: 'application/json' }));
    expect(await screen.findByTestId('coverage-error')).toHaveTextContent(en.coverage.invalidJson);
  });
});
