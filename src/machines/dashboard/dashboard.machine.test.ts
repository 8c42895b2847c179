import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { dashboardMachine, type DashboardEvent } from './dashboard.machine';

const TODAY = '2026-11-22';

describe('dashboard', () => {
  it('fills in chunk by chunk; a break keeps them; RETRY streams again; a new date clears', () => {
    const sends: Array<(e: DashboardEvent) => void> = [];
    const streamDashboard = fromCallback<EventObject, { date: string }>(({ sendBack }) => {
      sends.push(sendBack as (e: DashboardEvent) => void);
    });
    const actor = createActor(dashboardMachine.provide({ actors: { streamDashboard } }), { input: { today: TODAY } }).start();
    const day = {
      kind: 'day',
      period: TODAY,
      current: { revenue: 1, count: 1 },
      previous: { period: '2026-11-21', revenue: 0, count: 0 },
      previous_span: { from: '2026-11-21', to: '2026-11-21', revenue: 0, count: 0 },
      split: { revenue: { card: 1, qr: 0, other: 0 }, count: { card: 1, qr: 0, other: 0 } },
    } as const;
    sends[0]!({ type: 'DASHBOARD.CHUNK', chunk: day });
    expect(actor.getSnapshot().context.day).toEqual(day);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    sends[0]!({ type: 'DASHBOARD.FAILED', error: { code: 'NETWORK_ERROR' } });
    expect(actor.getSnapshot().matches('broken')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ day, errorCode: 'NETWORK_ERROR' });
    actor.send({ type: 'RETRY' });
    expect(sends).toHaveLength(2);
    expect(actor.getSnapshot().context).toMatchObject({ day, errorCode: null });
    actor.send({ type: 'DATE.SET', date: '2026-11-23' });
    expect(sends).toHaveLength(2);
    actor.send({ type: 'DATE.SET', date: '2026-02-30' });
    expect(sends).toHaveLength(2);
    actor.send({ type: 'DATE.SET', date: '2026-11-01' });
    expect(actor.getSnapshot().context).toMatchObject({ date: '2026-11-01', day: null });
    sends[2]!({ type: 'DASHBOARD.END' });
    expect(actor.getSnapshot().matches('complete')).toBe(true);
  });
});
